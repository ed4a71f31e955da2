// Imported first by every module that runs WebAssembly databases (PGlite, and Prisma's query
// compiler): turns V8's garbage collection of WebAssembly code off for the whole process.
//
// V8 in Node 24 can abort the process when it frees WebAssembly code it replaced (a function's
// baseline code once its optimised version is ready): `Check failed:
// jit_page_->allocations_.erase(addr) == 1` in ThreadIsolation::UnregisterWasmAllocation
// (nodejs/node#64500, open; reported under PGlite's WebAssembly with and without worker threads).
// Seen here at the built server's start and in the integration suite, a few times in hundreds of
// starts. With `--trace-wasm-code-gc` every start of this server frees a few hundred such code
// objects, through that very check; without the collection nothing is freed and the check is never
// reached. The cost is the replaced code kept in memory, measured in docs/decisions/0008.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--no-wasm-code-gc");
