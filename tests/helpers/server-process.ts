// Starts the real server as a child process, as `npm start` would (without the client build).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { inject } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** node's arguments to start the server as `npm start` does: its flags, then the bundle or the sources. */
export function serverEntry(): string[] {
  let bundle: string | undefined;
  try {
    bundle = inject("serverBundle");
  } catch {
    // outside a Vitest worker
  }
  return [
    ...SERVER_NODE_FLAGS,
    ...(bundle ? ["--enable-source-maps", bundle] : ["--import", "tsx", "server/index.ts"]),
  ];
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * The server as the run bundled it (server-bundle.ts), else the sources through tsx; `entry` runs
 * another file.
 */
export async function startServerProcess(
  env: Record<string, string>,
  entry: string[] = serverEntry(),
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Stops each server as a deploy would (SIGTERM) and waits until it has exited. */
export async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
}

/** Resolves when /api/health answers 200, rejects if the process exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}
