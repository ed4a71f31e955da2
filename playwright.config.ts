import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3310);
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined } },
  ],
  webServer: {
    // The built server and client (`npm run build`) on a fresh embedded database with demo data,
    // demo sign-in (no Google client).
    command: "rm -rf tmp/e2e-data && node --enable-source-maps dist/server/index.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: "tmp/e2e-data",
      LOG_LEVEL: "warn",
      GOOGLE_CLIENT_ID: "",
      DATABASE_URL: "",
      ADMIN_EMAILS: "",
      // The specs sign in many times a minute from one address; the limits have their own tests.
      RATE_LIMIT_AUTH: "100000",
      // Quiz time limits x0.05 (quick assessment 45 s) so the e2e can watch a timer auto-submit.
      QUIZ_TIME_SCALE: "0.05",
    },
  },
});
