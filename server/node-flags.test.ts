// The places that start the server but cannot import SERVER_NODE_FLAGS pass each flag too.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, startedWithServerFlags } from "./node-flags.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The node arguments of a command line that runs `entry`, up to the entry itself. */
function nodeArguments(commandLine: string, entry: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  const node = words.findIndex((word) => word === "node" || word.endsWith("/node"));
  const at = words.indexOf(entry, node);
  expect(node, `no node in: ${commandLine}`).toBeGreaterThanOrEqual(0);
  expect(at, `no ${entry} in: ${commandLine}`).toBeGreaterThan(node);
  return words.slice(node + 1, at);
}

describe("the server's node flags", () => {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

  it("npm start passes them to the built server", () => {
    const start = scripts.start.split("&&").at(-1) ?? "";
    expect(nodeArguments(start, "dist/server/index.mjs")).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it("npm run dev passes them to the sources", () => {
    expect(nodeArguments(scripts.dev, "server/index.ts")).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it("the systemd unit in docs/deploy.md passes them", () => {
    const units = read("docs/deploy.md")
      .split("\n")
      .filter((line) => line.startsWith("ExecStart=") && line.includes("dist/server/index.mjs"));
    expect(units.length).toBeGreaterThan(0);
    for (const line of units) {
      expect(nodeArguments(line.slice("ExecStart=".length), "dist/server/index.mjs")).toEqual(
        expect.arrayContaining([...SERVER_NODE_FLAGS]),
      );
    }
  });

  it("tells a process started without them", () => {
    expect(startedWithServerFlags(["--enable-source-maps"])).toBe(false);
    expect(startedWithServerFlags([...SERVER_NODE_FLAGS, "--enable-source-maps"])).toBe(true);
  });
});
