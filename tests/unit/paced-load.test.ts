// The benchmark's steady load counts each request from when it was due, so a server that stalls
// cannot hide the stall by holding back the requests queued behind it (coordinated omission).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pacedLoad } from "../../scripts/bench/paced.ts";

let server: http.Server;
let url: string;
let stallNext = false;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    if (stallNext) {
      stallNext = false;
      // The whole process stops for 150 ms, as a long synchronous statement would stop it.
      const until = Date.now() + 150;
      while (Date.now() < until) {}
    }
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("pacedLoad", () => {
  it("sends rate x seconds requests, evenly, and answers fast from a quick server", async () => {
    const began = performance.now();
    const result = await pacedLoad({ url, rate: 100, seconds: 0.5, connections: 4 });
    expect(result.sent).toBe(50);
    expect(result.errors).toBe(0);
    // Evenly spread: the last one was due at 490 ms, not sent in a burst at the start.
    expect(performance.now() - began).toBeGreaterThanOrEqual(480);
  });

  it("counts the wait of the requests due during a stall, not only the one that stalled", async () => {
    stallNext = true;
    const result = await pacedLoad({ url, rate: 100, seconds: 0.5, connections: 4 });
    expect(result.max).toBeGreaterThanOrEqual(140);
    // 150 ms at 100 requests/s: the requests due while the server stood still waited too, each
    // from its own due time (a load that sent them only after the stall would count one).
    expect(result.latencies.filter((ms) => ms >= 50).length).toBeGreaterThanOrEqual(8);
    expect(result.p50).toBeLessThan(50);
  });
});
