// Where the project's files are, whether the server runs from its sources (tsx) or from the
// build (dist/server/server.mjs, one file): the folder holding package.json, found upwards.
import { existsSync } from "node:fs";
import path from "node:path";

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the project, such as "prisma/migrations". */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
