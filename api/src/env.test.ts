// Config validation: defaults, and a bad value stops start-up with a message naming the variable.
import { describe, expect, test } from "bun:test";
import { ConfigError, loadEnv } from "./env";

const PRODUCTION_SECRET = "x".repeat(32);

describe("loadEnv", () => {
  test("storage: a local directory by default; a bucket needs S3_BUCKET and both keys", () => {
    expect(loadEnv({}).STORAGE_DIR).toBe(".data/uploads");
    expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    const bucket = {
      S3_BUCKET: "uploads",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "http://127.0.0.1:9000",
    };
    expect(loadEnv(bucket)).toMatchObject(bucket);
    expect(() => loadEnv({ S3_BUCKET: "uploads" })).toThrow("S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    expect(() => loadEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow("S3_BUCKET is required when S3_ENDPOINT is set");
    expect(() => loadEnv({ ...bucket, S3_ENDPOINT: "ftp://x" })).toThrow(ConfigError);
    expect(() => loadEnv({ ...bucket, S3_BUCKET: "Bad_Bucket" })).toThrow(ConfigError);
  });

  test("Stripe: optional; a secret key needs the webhook secret; the test API base must be an origin", () => {
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    const stripe = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abcdefgh" };
    expect(loadEnv(stripe)).toMatchObject(stripe);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set",
    );
    expect(() => loadEnv({ ...stripe, STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadEnv({ ...stripe, STRIPE_API_BASE: "http://127.0.0.1:12111/v1" })).toThrow(/STRIPE_API_BASE/);
    expect(loadEnv({ ...stripe, STRIPE_API_BASE: "http://127.0.0.1:12111" }).STRIPE_API_BASE).toBe("http://127.0.0.1:12111");
  });

  test("defaults give a runnable embedded setup", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, PGLITE_DATA_DIR: ".data/pglite", SEED_DEMO_DATA: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  test("parses numbers and booleans from text", () => {
    const env = loadEnv({ PORT: "8080", SEED_DEMO_DATA: "false", SITE_URL: "https://example.org" });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO_DATA).toBe(false);
    expect(env.SITE_URL).toBe("https://example.org");
  });

  // Security issue 6, item 1: the demo accounts' passwords are public, so only development seeds them by default.
  test.each([
    ["development", true],
    ["production", false],
    ["test", false],
  ] as const)("SEED_DEMO_DATA defaults by NODE_ENV: %s → %p", (nodeEnv, expected) => {
    expect(loadEnv({ NODE_ENV: nodeEnv, SESSION_SECRET: PRODUCTION_SECRET }).SEED_DEMO_DATA).toBe(expected);
  });

  test("an explicit SEED_DEMO_DATA wins over the NODE_ENV default", () => {
    expect(loadEnv({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET, SEED_DEMO_DATA: "true" }).SEED_DEMO_DATA).toBe(
      true,
    );
    expect(loadEnv({ NODE_ENV: "development", SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
  });

  test.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://root@localhost/db"],
    ["SITE_URL", "example.org"],
    ["SITE_URL", "https://example.org/"],
    ["LOG_LEVEL", "chatty"],
    ["SEED_DEMO_DATA", "maybe"],
  ])("%s=%s is refused with a message naming %s", (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name} `));
  });
});
