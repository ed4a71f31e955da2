// A steady load: one GET every 1000/rate ms, on a few kept-alive connections, each request's
// latency counted from the moment it was due (so a stalled server cannot hide its stall by
// delaying the requests behind it: no coordinated omission).
//
// autocannon's `overallRate` is not steady: every connection sends its share of a second back to
// back as soon as the second starts, then waits for the next one, so "100 requests/s on 10
// connections" is a burst of 100 requests at the top of each second, 10 in flight at once, and
// its p99 measures the queue of that burst more than the server.
import http from "node:http";

export type PacedResult = {
  sent: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Every answered request's latency (ms), sorted. */
  latencies: number[];
};

export async function pacedLoad(opts: {
  url: string;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 10 });
  const interval = 1000 / opts.rate;
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let errors = 0;
  const began = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = began + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      get(opts.url, agent).then(
        (ok) => {
          if (ok) latencies.push(performance.now() - due);
          else errors++;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { sent: total, errors, p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0), latencies };
}

function get(url: string, agent: http.Agent): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode === 200));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
