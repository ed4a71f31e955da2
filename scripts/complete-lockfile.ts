// The registry these machines reach lacks other platforms' optional binaries (Biome's CLI,
// Tailwind's oxide), so npm cannot record them and `npm ci` then rejects the lock file as
// incomplete. This adds platform-tagged entries that `npm ci` skips on a non-matching platform.
// Run after `npm install` changes the lock: `node --import tsx scripts/complete-lockfile.ts`.
import { readFileSync, writeFileSync } from "node:fs";

type Entry = {
  version: string;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Entry> };

function platformOf(name: string): Pick<Entry, "os" | "cpu" | "libc"> {
  const id = name.split("/").pop() ?? "";
  const os = ["android", "darwin", "freebsd", "linux", "win32"].find((o) => id.includes(o)) ?? "none";
  const cpu = ["arm64", "x64", "arm", "ia32", "wasm32"].find((c) => id.includes(`-${c}`)) ?? "none";
  return {
    os: [os === "none" && cpu === "wasm32" ? "none" : os],
    cpu: [cpu],
    ...(id.includes("musl") ? { libc: ["musl"] } : {}),
  };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[`${path}/node_modules/${dep}`]) continue;
    lock.packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    added++;
  }
}
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform-only lock entries`);
