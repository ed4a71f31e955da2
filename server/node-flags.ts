// The flags node must be started with to run this server. V8 reads them only when the process
// starts: set later from inside (node:v8's setFlagsFromString) they no longer change how
// WebAssembly is compiled, and NODE_OPTIONS does not accept them. Every way the server starts
// passes them: `npm start` and `npm run dev` (package.json), the systemd unit (docs/deploy.md),
// the end-to-end suite's server (playwright.config.ts), the test helper that spawns it and both
// benchmarks; node-flags.test.ts checks the files that cannot import this list.
//
// `--liftoff-only`: WebAssembly runs on V8's baseline compiler only. Without it, V8 optimises the
// embedded PostgreSQL's hot functions with TurboFan, and optimising the largest one (#2272 of
// PGlite 0.5.16, 105 KB of WebAssembly) alone takes 604 MB of compiler memory, much of which the C
// allocator keeps: the server settled 300-400 MB higher (issue 27; figures in docs/benchmarks.md).
export const SERVER_NODE_FLAGS: readonly string[] = ["--liftoff-only"];

/** True when this process was started with every flag of SERVER_NODE_FLAGS. */
export function startedWithServerFlags(execArgv: readonly string[] = process.execArgv): boolean {
  return SERVER_NODE_FLAGS.every((flag) => execArgv.includes(flag));
}
