// The one reader of process.env. Every setting is validated at start-up; a bad value stops the process with a
// message naming the variable. .env.example documents each one. Outside production, the secrets nobody set are
// random and kept in the data directory (developmentSecrets below): never a constant in the repository.
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { Type as T, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const EnvSchema = T.Object({
  NODE_ENV: T.Union([T.Literal("development"), T.Literal("production"), T.Literal("test")], { default: "development" }),
  /** Unset: 127.0.0.1 in development and tests (nothing on the LAN reaches them), 0.0.0.0 in production. */
  HOST: T.Optional(T.String({ minLength: 1 })),
  PORT: T.Integer({ minimum: 1, maximum: 65535, default: 3000 }),
  /** The public origin of the site (links in e-mails, CSRF origin checks). Never derived from the Host header. */
  SITE_URL: T.Optional(T.String({ pattern: "^https?://[^/]+$" })),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: T.Optional(T.String({ pattern: "^postgres(ql)?://" })),
  DATABASE_POOL_SIZE: T.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /**
   * Full-text searches running at once in this process; more wait their turn (api/src/lib/search-slots.ts). Each reads
   * and ranks every match, so beyond the database's cores they only slow each other down (decision 008). By default
   * this machine's cores: right when PostgreSQL runs beside the app; set it to the database server's when it has more.
   */
  SEARCH_CONCURRENCY: T.Integer({ minimum: 1, maximum: 100, default: Math.min(100, availableParallelism()) }),
  PGLITE_DATA_DIR: T.String({ minLength: 1, default: ".data/pglite" }),
  /**
   * Seed demo data when the database is empty at start-up. Unset: on in development only — the demo accounts have
   * published passwords (admin / admin-demo-1234), so a production deployment must never get them by default.
   */
  SEED_DEMO_DATA: T.Optional(T.Boolean()),
  /**
   * Secret for signing device cookies and file links. Required in production, at least 32 characters; unset in
   * development, a random one kept in the data directory (tests: a random one per process).
   */
  SESSION_SECRET: T.Optional(T.String({ minLength: 32 })),
  /** A session ends after this many hours without a request … */
  SESSION_IDLE_HOURS: T.Integer({ minimum: 1, default: 24 * 7 }),
  /** … and at the latest this many days after sign-in. */
  SESSION_ABSOLUTE_DAYS: T.Integer({ minimum: 1, default: 30 }),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: T.Boolean({ default: false }),
  /** At most this many password hashes computed at once (each takes ~19 MiB); the rest wait in a bounded queue. */
  HASH_CONCURRENCY: T.Integer({ minimum: 1, maximum: 64, default: 4 }),
  /** SMTP server, e.g. smtp://user:pass@smtp.example.com:587 (smtps:// for implicit TLS). Unset: write to the outbox. */
  SMTP_URL: T.Optional(T.String({ pattern: "^smtps?://" })),
  /** Sender of every e-mail. */
  MAIL_FROM: T.String({ minLength: 3, default: "InnovateHub <no-reply@innovatehub.example>" }),
  /** Without SMTP_URL, each message is written here as an .eml file and its link is logged. */
  MAIL_OUTBOX_DIR: T.String({ minLength: 1, default: ".data/outbox" }),
  /** Uploaded files, when no S3 bucket is configured (api/src/lib/storage.ts). Created when missing. */
  STORAGE_DIR: T.String({ minLength: 1, default: ".data/uploads" }),
  /**
   * Any S3-compatible bucket (AWS, R2, MinIO, Backblaze…) instead of STORAGE_DIR: set S3_BUCKET and both keys;
   * S3_ENDPOINT for anything but AWS, S3_REGION where the service needs one. docs/decisions/007.
   */
  S3_BUCKET: T.Optional(T.String({ minLength: 3, maxLength: 63, pattern: "^[a-z0-9][a-z0-9.-]+[a-z0-9]$" })),
  S3_ENDPOINT: T.Optional(T.String({ pattern: "^https?://[^/?#]+/?$" })),
  S3_ACCESS_KEY_ID: T.Optional(T.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: T.Optional(T.String({ minLength: 1 })),
  S3_REGION: T.Optional(T.String({ pattern: "^[a-z0-9-]+$" })),
  /**
   * Stripe (docs/decisions/010-payments.md). Unset in development: checkout goes to a local "Test payment" page;
   * unset in production: checkout answers 503 'Payments are not configured'.
   */
  STRIPE_SECRET_KEY: T.Optional(T.String({ pattern: "^(sk|rk)_" })),
  /** The signing secret (whsec_…) of the webhook endpoint, or of `stripe listen`. Required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: T.Optional(T.String({ minLength: 8 })),
  /**
   * A custom domain for Stripe Checkout (Stripe Dashboard → Settings → Custom domains), e.g. pay.example.com: the
   * session URLs Stripe answers are then on it, and the CSP's form-action must allow it (lib/csp.ts). One https host.
   */
  STRIPE_CHECKOUT_DOMAIN: T.Optional(
    T.String({ pattern: "^(https://)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$" }),
  ),
  /** Tests only: a Stripe-compatible server to call instead of api.stripe.com, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: T.Optional(T.String({ pattern: "^https?://[^/?#]+/?$" })),
  /**
   * Printify (api/src/modules/printify/client.ts). Unset: the store shows the demo catalogue and Sync says a token
   * is needed. A personal access token from Printify → My account → Connections.
   */
  PRINTIFY_API_TOKEN: T.Optional(T.String({ minLength: 1 })),
  /** Printify's API root (tests: a Printify-compatible server, e.g. http://127.0.0.1:4010/v1/). */
  PRINTIFY_API_BASE: T.String({ pattern: "^https?://[^?#]+$", default: "https://api.printify.com/v1/" }),
  /** The secret Printify signs webhooks with (X-Pfy-Signature), chosen by us when a webhook is registered. */
  PRINTIFY_WEBHOOK_SECRET: T.Optional(T.String({ minLength: 16 })),
  /**
   * The most Printify requests all our processes together send in any 60 seconds, counted in the database
   * (decision 013). Printify allows 600 a minute per account; the rest is headroom for retries and other tools on the account.
   */
  PRINTIFY_REQUESTS_PER_MINUTE: T.Integer({ minimum: 61, maximum: 600, default: 560 }),
  /**
   * The origins product mock-ups are fetched from at sync (comma-separated): the sync mirrors each image into our
   * storage, so pages never load them from Printify (printify/images.ts). An image elsewhere is not fetched.
   */
  PRINTIFY_IMAGE_ORIGINS: T.String({
    pattern: "^https?://[^/?#,]+(,https?://[^/?#,]+)*$",
    default: "https://images-api.printify.com,https://images.printify.com",
  }),
  /** Send paid orders on to production (Printify charges the account); false leaves them on hold in Printify. */
  PRINTIFY_SEND_TO_PRODUCTION: T.Boolean({ default: false }),
  LOG_LEVEL: T.Union([T.Literal("debug"), T.Literal("info"), T.Literal("warn"), T.Literal("error")], { default: "info" }),
  /** Milliseconds to let in-flight requests finish after SIGTERM/SIGINT before closing anyway. */
  SHUTDOWN_GRACE_MS: T.Integer({ minimum: 0, default: 10_000 }),
  /** Seconds without a request (probes aside) before the server gives memory back; 0: never (server/idle-trim.ts). */
  IDLE_TRIM_SECONDS: T.Integer({ minimum: 0, maximum: 86_400, default: 30 }),
});

export type Env = Static<typeof EnvSchema> & {
  HOST: string;
  SITE_URL: string;
  SESSION_SECRET: string;
  SEED_DEMO_DATA: boolean;
  /** Development and tests without STRIPE_WEBHOOK_SECRET: what local test payments sign with; null in production. */
  LOCAL_WEBHOOK_SECRET: string | null;
};

export class ConfigError extends Error {}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, "1": true, yes: true, false: false, "0": false, no: false };

/** Parses and validates a set of variables (process.env by default); throws ConfigError naming the bad one. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(EnvSchema.properties)) {
    const value = source[key];
    if (value === undefined || value === "") continue;
    const kind = (schema as { type?: string }).type;
    if (kind === "integer") raw[key] = /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    else if (kind === "boolean") raw[key] = BOOLEAN_WORDS[value.trim().toLowerCase()] ?? value;
    else raw[key] = value;
  }
  const withDefaults = Value.Default(EnvSchema, raw) as Record<string, unknown>;
  const firstError = Value.Errors(EnvSchema, withDefaults).First();
  if (firstError) {
    const name = firstError.path.replace(/^\//, "");
    throw new ConfigError(
      `Invalid configuration: ${name} ${describe(firstError.message)} (got ${JSON.stringify(source[name] ?? null)})`,
    );
  }
  const env = withDefaults as Static<typeof EnvSchema>;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required in production (at least 32 random characters)");
  }
  const s3Settings = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"] as const).filter(
    (k) => env[k] !== undefined,
  );
  if (!env.S3_BUCKET && s3Settings.length > 0) {
    throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${s3Settings.join(", ")} is set`);
  }
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
  }
  const result = {
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.NODE_ENV === "development",
  } as Env;
  // Read (or created) on first use, so that loading a configuration touches no file until a secret is needed.
  let secrets: DevelopmentSecrets | undefined;
  const generated = () => {
    secrets ??= developmentSecrets(developmentSecretsFile(env));
    return secrets;
  };
  Object.defineProperties(result, {
    SESSION_SECRET: { enumerable: true, get: () => env.SESSION_SECRET ?? generated().sessionSecret },
    LOCAL_WEBHOOK_SECRET: {
      enumerable: true,
      get: () => (result.NODE_ENV === "production" ? null : generated().webhookSecret),
    },
  });
  return result;
}

type DevelopmentSecrets = { sessionSecret: string; webhookSecret: string };
const SECRETS_FILE = "dev-secrets.json";

/**
 * Where development keeps its generated secrets: inside the embedded database's directory (a new data directory,
 * new secrets), or .data/ with DATABASE_URL. null (kept in memory only): tests and an in-memory database.
 */
function developmentSecretsFile(env: Static<typeof EnvSchema>): string | null {
  if (env.NODE_ENV === "test") return null;
  if (env.DATABASE_URL) return join(".data", SECRETS_FILE);
  if (env.PGLITE_DATA_DIR.startsWith("memory://")) return null;
  return join(env.PGLITE_DATA_DIR, SECRETS_FILE);
}

/** The secrets in `file`, created on first start from crypto randomness (mode 0600); fresh ones for null. */
function developmentSecrets(file: string | null): DevelopmentSecrets {
  const fresh: DevelopmentSecrets = {
    sessionSecret: randomBytes(32).toString("base64url"),
    webhookSecret: `whsec_${randomBytes(32).toString("base64url")}`,
  };
  if (!file) return fresh;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: a second process starting at the same moment (npm run dev) either
  // creates the file or finds the complete one, never a half-written file.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify(fresh), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return fresh;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    unlinkSync(draft);
  }
  chmodSync(file, 0o600);
  let kept: Partial<DevelopmentSecrets> = {};
  try {
    kept = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // reported below
  }
  if (typeof kept.sessionSecret !== "string" || kept.sessionSecret.length < 32 || !kept.webhookSecret?.startsWith("whsec_")) {
    throw new ConfigError(`Invalid configuration: ${file} is not a secrets file written by this platform; delete it`);
  }
  return { sessionSecret: kept.sessionSecret, webhookSecret: kept.webhookSecret };
}

function describe(message: string) {
  return message.replace(/^Expected/, "must be");
}

export const env: Env = loadEnv();
