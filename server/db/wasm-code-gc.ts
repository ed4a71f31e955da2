// Imported first by every module that runs WebAssembly databases (PGlite, and Prisma's query
// compiler): sets V8's WebAssembly flags for the whole process, before any module is compiled.
//
// V8 in Node 24 can abort the process when it frees WebAssembly code it replaced (a function's
// baseline code once its optimised version is ready): `Check failed:
// jit_page_->allocations_.erase(addr) == 1` in ThreadIsolation::UnregisterWasmAllocation
// (nodejs/node#64500, open; reported under PGlite's WebAssembly with and without worker threads).
// Seen here at the built server's start and in the integration suite, a few times in hundreds of
// starts. With `--trace-wasm-code-gc` every start of this server frees a few hundred such code
// objects, through that very check; without the collection nothing is freed and the check is never
// reached. The cost is the replaced code kept in memory, measured in docs/decisions/0008.
//
// Memory (issue 27): optimising PostgreSQL's largest function (#2272 of PGlite 0.5.16's module,
// 105 KB of WebAssembly) takes V8's optimising compiler 8 s and 604 MB of compiler memory
// (`--trace-wasm-compilation-times`), and the C allocator keeps much of it resident afterwards.
// `--liftoff-only` on node's command line avoids it (peak compiler memory 11 MB); set here at run
// time it does not (the trace still shows TurboFan compiling #2272), so the server is started with
// it (server/node-flags.ts).
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--no-wasm-code-gc");
// The server's own heap: under load V8 grew it to 220-240 MB committed for about 30 MB live and
// kept it while idle. Smaller semi-spaces and V8's size-over-speed heuristics keep it near its
// live size; set here, before the worker and most of the server exist.
setFlagsFromString("--optimize-for-size");
setFlagsFromString("--max-semi-space-size=4");
