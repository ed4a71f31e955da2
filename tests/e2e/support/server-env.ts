// The environment of the server every e2e spec runs against: the built server and client
// (`npm run build`) on an embedded database with demo data and demo sign-in (no Google client).
// Shared by playwright.config.ts and by `npm test`, which prepares that database once per run.
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    GOOGLE_CLIENT_ID: "",
    DATABASE_URL: "",
    ADMIN_EMAILS: "",
    // The specs sign in many times a minute from one address; the limits have their own tests.
    RATE_LIMIT_AUTH: "100000",
    // Quiz time limits x0.05 (quick assessment 45 s) so the e2e can watch a timer auto-submit.
    QUIZ_TIME_SCALE: "0.05",
    // A robot answers faster than anyone reads: no reading floor (tests/security/certificate-keys.int.test.ts has it).
    QUIZ_READING_SCALE: "0",
  };
}
