// Rate limits counted in the database: fixed windows with Retry-After, reset, the sweep, atomic under concurrency, and
// (PostgreSQL) two server processes taking turns hold the sign-in limit at exactly its number.
import { describe, expect, test } from "bun:test";
import { unique } from "../../test/factories";
import { startServerProcess } from "../../test/server-process";
import { AppError } from "../lib/errors";
import { db } from "./client";
import { RateLimiter, sweepRateLimits } from "./rate-limit";

const limiter = (limit: number, windowMs = 60_000) => new RateLimiter(unique("t"), limit, windowMs);

describe("RateLimiter", () => {
  test("allows `limit` hits per window, then refuses with Retry-After until the window ends", async () => {
    const l = limiter(3);
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 3; i++) await l.consume("k", "slow down", t0);
    const refused = await l.consume("k", "slow down", t0 + 1_000).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toBe("slow down");
    expect((refused as AppError).headers["retry-after"]).toBe("59");
    await l.consume("other", "slow down", t0); // keys are independent
    await l.consume("k", "slow down", t0 + 60_000); // a new window
    expect(await l.retryAfter("k", t0 + 60_000)).toBe(0);
  });

  test("assertAllowed does not count; hit does; reset forgets the key (a successful sign-in clears its failures)", async () => {
    const l = limiter(2);
    await l.assertAllowed("k", "no");
    await l.assertAllowed("k", "no");
    expect(await l.retryAfter("k")).toBe(0);
    await l.hit("k");
    await l.hit("k");
    expect(await l.retryAfter("k")).toBeGreaterThan(0);
    await expect(l.assertAllowed("k", "no")).rejects.toMatchObject({ status: 429 });
    await l.reset("k");
    expect(await l.retryAfter("k")).toBe(0);
    expect(await l.tryConsume("k")).toBe(true);
    expect(await l.tryConsume("k")).toBe(true);
    expect(await l.tryConsume("k")).toBe(false);
  });

  test("keys are stored hashed: no address or e-mail in clear", async () => {
    const l = limiter(5);
    await l.hit("someone@example.com");
    const rows = await (await db()).rateLimit.findMany({ where: { key: { startsWith: `${l.name}:` } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toContain("someone");
  });

  test("concurrent attempts never share a slot: 40 at once against a limit of 10 → exactly 10 pass", async () => {
    const l = limiter(10);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => l.consume("k", "no")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(results.filter((r) => r.status === "rejected" && (r.reason as AppError).status === 429)).toHaveLength(30);
  });

  test("the sweep deletes ended windows only", async () => {
    const ended = limiter(1, 1_000);
    const running = limiter(1, 3_600_000);
    await ended.hit("k", Date.now() - 5_000);
    await running.hit("k");
    await sweepRateLimits();
    const keys = (await (await db()).rateLimit.findMany({ select: { key: true } })).map((r) => r.key.split(":")[0]);
    expect(keys).not.toContain(ended.name);
    expect(keys).toContain(running.name);
  });
});

// Two processes on one PostgreSQL (PGlite is one process by design): wrong passwords alternate between them; the
// per-(account, address) limit of 5 lets exactly 5 through, then 429 on both — not 5 per process.
test.skipIf(process.env.TEST_DATABASE !== "postgres")(
  "two server processes taking turns hold the sign-in limit at exactly its number",
  async () => {
    const env = { NODE_ENV: "test", SITE_URL: "http://localhost:3000", SEED_DEMO_DATA: "false" };
    const servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    try {
      const account = unique("nobody");
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${servers[i % 2]!.url}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify({ usernameOrEmail: account, password: "wrong-password-1" }),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  },
  60_000,
);
