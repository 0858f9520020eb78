// Config validation: defaults, and a bad value stops start-up with a message naming the variable.
import { describe, expect, test } from "bun:test";
import { ConfigError, loadEnv } from "./env";

describe("loadEnv", () => {
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
