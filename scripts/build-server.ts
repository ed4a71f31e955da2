// `npm run build:server`: the server as one ES module, dist/server/index.mjs, with its packages
// left in node_modules. Starting it skips transpiling and resolving ~200 TypeScript files with
// tsx, which was over half of a restart (issue 7's cold-start budget). Tests run the sources.
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
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts/build-server.ts")) {
  console.log(`Built ${path.relative(root, await buildServer())}`);
}
