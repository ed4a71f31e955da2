// Vitest global setup of the integration project: the server bundled once per run, as `npm start`
// runs it, so that the suites starting real server processes (restarts, kills, several processes)
// skip transpiling the sources with tsx at every start (a start: about 2 s instead of 4 s here).
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../scripts/build-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  // Inside the project, as dist/server is: the server finds its files from package.json upwards.
  const dir = path.resolve(import.meta.dirname, "../../tmp", `test-server-${process.pid}`);
  project.provide("serverBundle", await buildServer(path.join(dir, "index.mjs")));
  return () => rmSync(dir, { recursive: true, force: true });
}
