// The one reader of process.env. Every setting is validated at start-up; a bad value stops the process with a
// message naming the variable. .env.example documents each one.
import { Type as T, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const EnvSchema = T.Object({
  NODE_ENV: T.Union([T.Literal("development"), T.Literal("production"), T.Literal("test")], { default: "development" }),
  HOST: T.String({ minLength: 1, default: "0.0.0.0" }),
  PORT: T.Integer({ minimum: 1, maximum: 65535, default: 3000 }),
  /** The public origin of the site (links in e-mails, CSRF origin checks). Never derived from the Host header. */
  SITE_URL: T.Optional(T.String({ pattern: "^https?://[^/]+$" })),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: T.Optional(T.String({ pattern: "^postgres(ql)?://" })),
  DATABASE_POOL_SIZE: T.Integer({ minimum: 1, maximum: 100, default: 10 }),
  PGLITE_DATA_DIR: T.String({ minLength: 1, default: ".data/pglite" }),
  /** Seed demo data when the database is empty at start-up. */
  SEED_DEMO_DATA: T.Boolean({ default: true }),
  LOG_LEVEL: T.Union([T.Literal("debug"), T.Literal("info"), T.Literal("warn"), T.Literal("error")], { default: "info" }),
  /** Milliseconds to let in-flight requests finish after SIGTERM/SIGINT before closing anyway. */
  SHUTDOWN_GRACE_MS: T.Integer({ minimum: 0, default: 10_000 }),
});

export type Env = Static<typeof EnvSchema> & { SITE_URL: string };

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
    throw new ConfigError(`Invalid configuration: ${name} ${describe(firstError.message)} (got ${JSON.stringify(source[name] ?? null)})`);
  }
  const env = withDefaults as Static<typeof EnvSchema>;
  return { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
}

function describe(message: string) {
  return message.replace(/^Expected/, "must be");
}

export const env: Env = loadEnv();
