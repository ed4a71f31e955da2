// `npm run build:server`: the server as one ES module, dist/server/index.mjs, with its packages
// bundled in. Starting it skips transpiling and resolving ~200 TypeScript files with tsx (over
// half of a restart, issue 7's cold-start budget) and resolving and loading a few hundred
// package files (another 150-400 ms). `npm start` and the end-to-end suite run this file.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

export async function buildServer(outfile = path.join(root, "dist/server/index.mjs")): Promise<string> {
  await build({
    entryPoints: [path.join(root, "server/index.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    // Left in node_modules: PGlite finds its WebAssembly and data files next to its own modules,
    // ioredis and openai load only when configured, pg-native is pg's optional native driver.
    external: ["@electric-sql/pglite", "@electric-sql/pglite/*", "ioredis", "openai", "pg-native"],
    // The bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts/build-server.ts")) {
  console.log(`Built ${path.relative(root, await buildServer())}`);
}
