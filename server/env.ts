import { z } from "zod";

export const DEMO_TEACHER_EMAIL = "teacher@example.com";
/** Outside production only: a known key is fine where no real person's data is kept. */
const DEV_ACCOUNT_HASH_SECRET = "development-only account hash secret: never use in production";
const DEV_CALENDAR_SECRET = "development-only calendar secret: never use in production";

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

/** Unset and empty alike mean "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** Requests per window for one rate-limited group of routes. */
const rateLimit = (perWindow: number) => z.coerce.number().int().positive().default(perWindow);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: z.url().default("https://accounts.google.com"),
    // Keys the hashes a deleted account leaves (its sign-in id and email), so the newcomer's
    // referral discount is once per person. Required in production; keep it stable and secret.
    ACCOUNT_HASH_SECRET: optionalText,
    // Encrypts the teacher's calendar addresses and passwords at rest. Required in production;
    // keep it stable: a new key makes every connected calendar fail until it is added again.
    CALENDAR_SECRET: optionalText,
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.normalize("NFC").trim().toLowerCase())
          .filter(Boolean),
      ),
    TRUST_PROXY: booleanFlag,
    CONTACT_EMAIL: z.string().default("hello@englishwithgiulia.it"),
    CONTACT_PHONE: z.string().default("+39 333 123 4567"),
    DEMO_DATA: booleanFlag,
    RATE_LIMIT_AUTH: rateLimit(20),
    RATE_LIMIT_BOOKING: rateLimit(30),
    RATE_LIMIT_UPLOAD: rateLimit(20),
    // Per hour: custom availability requests, cancellation requests and /ref sign-ups.
    RATE_LIMIT_REQUEST: rateLimit(10),
    RATE_LIMIT_WRITE: rateLimit(120),
    RATE_LIMIT_QUOTE: rateLimit(60),
    // The most days a session lives from sign-in however often it is used (it also ends after
    // 30 days unused): ASVS 5.0 7.3.2's absolute lifetime.
    STUDENT_SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
    ADMIN_SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(7),
    REDIS_URL: optionalText,
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default("English with Giulia <no-reply@localhost>"),
    // How often each process works the outbox and queues reminders (tests use a short one).
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Quiz area: an optional OpenAI-compatible endpoint for the AI-personalised test.
    AI_API_BASE_URL: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    // The signing secret ("whsec_…") of the Stripe webhook endpoint: with it, card payments made
    // through a Stripe Payment Link are recorded on their order by themselves.
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Multiplies every quiz time limit (e2e tests use a short one); ignored in production.
    QUIZ_TIME_SCALE: z.coerce.number().positive().max(10).default(1),
    // Multiplies the least time a certified attempt must take to be read (0: no floor, for test
    // suites that answer instantly); ignored in production.
    QUIZ_READING_SCALE: z.coerce.number().min(0).max(10).default(1),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    isProduction: env.NODE_ENV === "production",
    sessionLifetimes: { student: env.STUDENT_SESSION_MAX_DAYS, admin: env.ADMIN_SESSION_MAX_DAYS },
    accountHashSecret: env.ACCOUNT_HASH_SECRET ?? DEV_ACCOUNT_HASH_SECRET,
    calendarSecret: env.CALENDAR_SECRET ?? DEV_CALENDAR_SECRET,
    // Outside production a site with no ADMIN_EMAILS still gets a demo teacher to sign in as.
    adminEmails: env.ADMIN_EMAILS.length || env.NODE_ENV === "production" ? env.ADMIN_EMAILS : [DEMO_TEACHER_EMAIL],
    withDemoData: env.NODE_ENV !== "production" || env.DEMO_DATA,
    quizTimeScale: env.NODE_ENV === "production" ? 1 : env.QUIZ_TIME_SCALE,
    quizReadingScale: env.NODE_ENV === "production" ? 1 : env.QUIZ_READING_SCALE,
    ai:
      env.AI_API_BASE_URL && env.AI_API_KEY && env.AI_MODEL
        ? {
            baseUrl: env.AI_API_BASE_URL.replace(/\/$/, ""),
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : null,
  }))
  .refine((env) => !env.isProduction || (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET), {
    message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production",
  })
  .refine((env) => !env.isProduction || (env.ACCOUNT_HASH_SECRET?.length ?? 0) >= 32, {
    message: "ACCOUNT_HASH_SECRET (at least 32 characters, e.g. `openssl rand -hex 32`) is required in production",
    path: ["ACCOUNT_HASH_SECRET"],
  })
  .refine((env) => !env.isProduction || (env.CALENDAR_SECRET?.length ?? 0) >= 32, {
    message: "CALENDAR_SECRET (at least 32 characters, e.g. `openssl rand -hex 32`) is required in production",
    path: ["CALENDAR_SECRET"],
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once; throws a readable error listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
