// Config validation: defaults, and a bad value stops start-up with a message naming the variable; development
// listens on loopback and keeps random secrets of its own per data directory (none in the repository).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadEnv } from "./env";

const PRODUCTION_SECRET = "x".repeat(32);

describe("loadEnv", () => {
  test("searches at once: the machine's cores by default (decision 008), or what is set within 1–100", () => {
    expect(loadEnv({}).SEARCH_CONCURRENCY).toBe(availableParallelism());
    expect(loadEnv({ SEARCH_CONCURRENCY: "8" }).SEARCH_CONCURRENCY).toBe(8);
    expect(() => loadEnv({ SEARCH_CONCURRENCY: "0" })).toThrow(/SEARCH_CONCURRENCY/);
  });

  test("memory given back at rest: after 30 s without a request by default, never with 0, no negative or fraction", () => {
    expect(loadEnv({}).IDLE_TRIM_SECONDS).toBe(30);
    expect(loadEnv({ IDLE_TRIM_SECONDS: "0" }).IDLE_TRIM_SECONDS).toBe(0);
    expect(loadEnv({ IDLE_TRIM_SECONDS: "300" }).IDLE_TRIM_SECONDS).toBe(300);
    for (const bad of ["-1", "1.5", "soon"]) expect(() => loadEnv({ IDLE_TRIM_SECONDS: bad })).toThrow(/IDLE_TRIM_SECONDS/);
  });

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

  test("Printify: optional token, official API by default, send to production off unless set", () => {
    const env = loadEnv({});
    expect(env.PRINTIFY_API_TOKEN).toBeUndefined();
    expect(env.PRINTIFY_WEBHOOK_SECRET).toBeUndefined();
    expect(env.PRINTIFY_API_BASE).toBe("https://api.printify.com/v1/");
    expect(env.PRINTIFY_SEND_TO_PRODUCTION).toBe(false);
    const printify = {
      PRINTIFY_API_TOKEN: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.token",
      PRINTIFY_API_BASE: "http://127.0.0.1:4010/v1/",
      PRINTIFY_WEBHOOK_SECRET: "a".repeat(40),
    };
    expect(loadEnv({ ...printify, PRINTIFY_SEND_TO_PRODUCTION: "true" })).toMatchObject({
      ...printify,
      PRINTIFY_SEND_TO_PRODUCTION: true,
    });
    expect(() => loadEnv({ PRINTIFY_API_BASE: "api.printify.com/v1" })).toThrow(/Invalid configuration: PRINTIFY_API_BASE /);
    expect(() => loadEnv({ PRINTIFY_WEBHOOK_SECRET: "short" })).toThrow(/Invalid configuration: PRINTIFY_WEBHOOK_SECRET /);
    expect(() => loadEnv({ PRINTIFY_SEND_TO_PRODUCTION: "sometimes" })).toThrow(
      /Invalid configuration: PRINTIFY_SEND_TO_PRODUCTION /,
    );
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

  // The demo accounts' passwords are public, so only development seeds them by default (decision 004).
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

  // Development answered on every interface while its secrets were constants in the repository — anyone on the LAN
  // could forge a paid webhook or a signed download link.
  test("HOST: loopback by default in development and tests, every interface in production, as set otherwise", () => {
    expect(loadEnv({}).HOST).toBe("127.0.0.1");
    expect(loadEnv({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });
});

describe("development secrets", () => {
  const scratch = () => mkdtempSync(join(tmpdir(), "env-secrets-"));

  test("random per data directory, kept across restarts in a file only its owner reads", () => {
    const [a, b] = [scratch(), scratch()];
    try {
      const first = loadEnv({ PGLITE_DATA_DIR: join(a, "pglite") });
      const other = loadEnv({ PGLITE_DATA_DIR: join(b, "pglite") });
      expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(first.LOCAL_WEBHOOK_SECRET).toStartWith("whsec_");
      expect(other.SESSION_SECRET).not.toBe(first.SESSION_SECRET);
      expect(other.LOCAL_WEBHOOK_SECRET).not.toBe(first.LOCAL_WEBHOOK_SECRET);

      const restarted = loadEnv({ PGLITE_DATA_DIR: join(a, "pglite") });
      expect([restarted.SESSION_SECRET, restarted.LOCAL_WEBHOOK_SECRET]).toEqual([
        first.SESSION_SECRET,
        first.LOCAL_WEBHOOK_SECRET,
      ]);
      const file = join(a, "pglite", "dev-secrets.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8")).toContain(first.SESSION_SECRET);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });

  test("an explicit SESSION_SECRET wins; production has no local webhook secret and still requires SESSION_SECRET", () => {
    const dir = scratch();
    try {
      expect(loadEnv({ PGLITE_DATA_DIR: dir, SESSION_SECRET: PRODUCTION_SECRET }).SESSION_SECRET).toBe(PRODUCTION_SECRET);
      expect(loadEnv({ NODE_ENV: "production", SESSION_SECRET: PRODUCTION_SECRET }).LOCAL_WEBHOOK_SECRET).toBeNull();
      expect(() => loadEnv({ NODE_ENV: "production" })).toThrow("SESSION_SECRET is required in production");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("no secret is written in the repository: no webhook secret literal, no SESSION_SECRET fallback value", async () => {
    const root = join(import.meta.dir, "../..");
    const files = Bun.spawnSync(["git", "ls-files", "api", "server", "scripts", "site", "prisma", ".env.example"], {
      cwd: root,
    })
      .stdout.toString()
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs|astro)$|^\.env\.example$/.test(f) && !/\.test\.ts$|\/generated\//.test(f));
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      const text = await Bun.file(join(root, file)).text();
      // A Stripe signing secret written out, or a constant given to SESSION_SECRET when it is unset.
      if (/["'`]whsec_[A-Za-z0-9_]{8,}/.test(text)) found.push(`${file}: webhook secret`);
      if (/SESSION_SECRET\s*(\?\?|\|\|)\s*["'`]/.test(text)) found.push(`${file}: SESSION_SECRET fallback`);
      if (/^SESSION_SECRET=/m.test(text)) found.push(`${file}: SESSION_SECRET value`);
    }
    expect(found).toEqual([]);
  });
});
