import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./server/node-flags.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/support/chromium.ts";
import { e2eServerEnv } from "./tests/e2e/support/server-env.ts";

const port = Number(process.env.E2E_PORT ?? 3310);
// Per port, so that `npm test` can run two specs at once, each with its own server.
const dataDir = `tmp/e2e-data-${port}`;
const template = process.env.E2E_DATA_TEMPLATE;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test costs a fifth of the suite's time (accessibility.spec: 1.8 min
    // without, 2.3 min with); E2E_TRACE=on records them and keeps those of failed tests.
    trace: process.env.E2E_TRACE === "on" ? "retain-on-failure" : "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined } },
  ],
  webServer: {
    // Each spec's server starts on its own data directory: a copy of the one `npm test` prepared
    // for this run (E2E_DATA_TEMPLATE: demo data, migrated and seeded once), else a new one.
    command: [
      `rm -rf ${dataDir}`,
      ...(template ? [`cp -r ${template} ${dataDir}`] : []),
      `node ${SERVER_NODE_FLAGS.join(" ")} --enable-source-maps dist/server/index.mjs`,
    ].join(" && "),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: e2eServerEnv(port, dataDir),
  },
});
