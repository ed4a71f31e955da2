// `npm run build:server`: the server as ES modules with its packages bundled in, in dist/server/:
// server.mjs (started through index.mjs), the chunks it imports when it needs them, and
// pglite-thread.mjs, the embedded database's worker (decision 0008). Starting it skips
// transpiling and resolving ~200 TypeScript files with tsx (over half of a restart, issue 7's
// cold-start budget) and resolving and loading a few hundred package files (another 150-400 ms).
// `npm start` and the end-to-end suite run index.mjs, which turns on V8's compile cache and then
// loads the server: a restart reuses the code the previous run compiled instead of parsing and
// compiling 8 MB of JavaScript again (about a tenth of a restart's CPU time; issue 15).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The entry. The cache lives in NODE_COMPILE_CACHE if set, else in the system's temporary
 * directory; entries are keyed by the file's content and Node's version, so a new build never
 * runs stale code, and NODE_DISABLE_COMPILE_CACHE=1 turns it off. The bundle is imported
 * dynamically: a static import would be loaded before the cache is on.
 */
const ENTRY = `import module from "node:module";
module.enableCompileCache?.();
await import("./server.mjs");
`;

/**
 * Left in node_modules: PGlite finds its WebAssembly and data files next to its own modules, and
 * pdfkit its standard fonts' metrics (it requires them through its package's `#standard-fonts/…`
 * import map, which a bundle has not got: bundled, the first PDF fails with "Cannot find module").
 * Both load when first used. ioredis and openai load only when configured, pg-native is pg's
 * optional native driver.
 */
export const SERVER_EXTERNALS = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "pdfkit",
  "ioredis",
  "openai",
  "pg-native",
];

export async function buildServer(outfile = path.join(root, "dist/server/index.mjs")): Promise<string> {
  await build({
    // The server, and the embedded database's thread (server/db/pglite-thread.ts), which the
    // server starts from beside its own file.
    entryPoints: [
      { in: path.join(root, "server/index.ts"), out: "server" },
      { in: path.join(root, "server/db/pglite-thread.ts"), out: "pglite-thread" },
    ],
    outdir: path.dirname(outfile),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // server/index.ts loads the rest of the server with a dynamic import once it has started the
    // database's thread: split, its own file is a few KB to read and compile before it does.
    splitting: true,
    chunkNames: "[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node24",
    external: SERVER_EXTERNALS,
    // The bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: "warning",
  });
  writeFileSync(outfile, ENTRY);
  await buildPageRenderer(path.join(path.dirname(outfile), "prerender"));
  return outfile;
}

/**
 * The public pages' renderer (client/src/entry-server.tsx, issue 15), in dist/server/prerender/:
 * the client's components built for Node, React and all, loaded by the server on its first page.
 * Each lazy route stays a chunk of its own, so the pages it renders load none of the admin code.
 */
async function buildPageRenderer(outdir: string): Promise<void> {
  // What Vite puts in import.meta.env for the browser's build, the same values here.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("VITE_"))) as Record<
    string,
    string
  >;
  await build({
    entryPoints: [path.join(root, "client/src/entry-server.tsx")],
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node24",
    // The renderer writes HTML: the browser gets the styles from Vite's build, so the stylesheets
    // the routes import (private.css) are nothing here.
    loader: { ".css": "empty" },
    define: {
      "process.env.NODE_ENV": '"production"',
      "import.meta.env": JSON.stringify({ ...env, MODE: "production", PROD: true, DEV: false, SSR: true }),
    },
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts/build-server.ts")) {
  console.log(`Built ${path.relative(root, await buildServer())}`);
}
