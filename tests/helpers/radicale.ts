// A real CalDAV server for tests: Debian's Radicale on a free port, with its own storage folder
// and one user (htpasswd, plain), started by the test and stopped after it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type Radicale = {
  url: string;
  user: string;
  password: string;
  /** Makes a calendar collection named `name` under the user's home; its address. */
  makeCalendar(name: string, displayName: string): Promise<string>;
  put(calendarUrl: string, uid: string, ics: string): Promise<void>;
  remove(calendarUrl: string, uid: string): Promise<void>;
  /** The objects of the calendar: their file names and texts. */
  list(calendarUrl: string): Promise<{ name: string; text: string }[]>;
  /** Stops the server and keeps its storage; `up()` starts it again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const port = await freePort();
  const user = "giulia";
  const password = "app-password-7Hq!";
  writeFileSync(path.join(dir, "users"), `${user}:${password}\n`);
  writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[logging]",
      "level = warning",
    ].join("\n"),
  );
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  let child: ChildProcess;
  const up = async () => {
    const started = spawn("/usr/bin/radicale", ["--config", path.join(dir, "config")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    child = started;
    let stderr = "";
    started.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        await fetch(`${url}/.web/`);
        break;
      } catch {
        if (Date.now() > deadline || started.exitCode !== null) throw new Error(`Radicale did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const down = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  };
  await up();
  const send = async (method: string, address: string, body?: string) => {
    const response = await fetch(address, {
      method,
      headers: { authorization: auth, "content-type": "text/calendar; charset=utf-8" },
      body,
    });
    if (response.status >= 300) throw new Error(`${method} ${address}: ${response.status} ${await response.text()}`);
  };
  return {
    url,
    user,
    password,
    makeCalendar: async (name, displayName) => {
      const address = `${url}/${user}/${name}/`;
      const response = await fetch(address, {
        method: "MKCALENDAR",
        headers: { authorization: auth, "content-type": "application/xml" },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${displayName}</D:displayname></D:prop></D:set>
</C:mkcalendar>`,
      });
      if (response.status !== 201) throw new Error(`MKCALENDAR: ${response.status} ${await response.text()}`);
      return address;
    },
    put: (calendarUrl, uid, ics) => send("PUT", `${calendarUrl}${uid}.ics`, ics),
    remove: (calendarUrl, uid) => send("DELETE", `${calendarUrl}${uid}.ics`),
    list: async (calendarUrl) => {
      const response = await fetch(calendarUrl, {
        method: "PROPFIND",
        headers: { authorization: auth, depth: "1", "content-type": "application/xml" },
        body: `<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>`,
      });
      const hrefs = [...(await response.text()).matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map(
        (m) => m[1],
      );
      return Promise.all(
        hrefs.map(async (href) => {
          const object = await fetch(new URL(href, url), { headers: { authorization: auth } });
          return { name: decodeURIComponent(href.split("/").pop() ?? ""), text: await object.text() };
        }),
      );
    },
    down,
    up,
    stop: async () => {
      await down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
