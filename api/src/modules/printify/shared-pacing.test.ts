// Printify's limit is per account — 600 requests a minute, 429 past it (docs "API Usage Guidelines":
// spencerlepine/printify-sdk-js, docs/PRINTIFY-Documentation.md, commit 8c8472153d142c38264a809a2ffe76f123b6baa1) —
// so the app's clients count their requests in the shared rate-limit table (decision 013), not per process (issue
// 31, item 9): two clients built as two server processes build theirs, on one database, stay under the budget
// together, and a 429's Retry-After holds back every client, not only the one that met it.
import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { type FakePrintify, startFakePrintify } from "../../../test/fake-printify";
import { db } from "../../db/client";
import { env } from "../../env";
import { type PrintifyClient, printify, usePrintify as replacePrintify } from "./client";
import { DEMO_PRODUCTS, DEMO_SHOP } from "./demo-catalogue";

const settings = env as {
  PRINTIFY_API_TOKEN?: string;
  PRINTIFY_API_BASE: string;
  PRINTIFY_REQUESTS_PER_MINUTE?: number;
};
const before = {
  PRINTIFY_API_TOKEN: settings.PRINTIFY_API_TOKEN,
  PRINTIFY_API_BASE: settings.PRINTIFY_API_BASE,
  PRINTIFY_REQUESTS_PER_MINUTE: settings.PRINTIFY_REQUESTS_PER_MINUTE,
};
let fake: FakePrintify;

beforeEach(() => {
  // A fake (so a token, an account) of its own per test: the budget is counted per account, so tests share none.
  fake = startFakePrintify({ demo: true });
  settings.PRINTIFY_API_TOKEN = fake.token;
  settings.PRINTIFY_API_BASE = fake.url;
});
afterEach(async () => {
  replacePrintify(undefined);
  await fake.stop();
});
afterAll(() => {
  settings.PRINTIFY_API_TOKEN = before.PRINTIFY_API_TOKEN;
  settings.PRINTIFY_API_BASE = before.PRINTIFY_API_BASE;
  settings.PRINTIFY_REQUESTS_PER_MINUTE = before.PRINTIFY_REQUESTS_PER_MINUTE;
  replacePrintify(undefined);
});

/** The app's client as a fresh server process builds it from env (printify() after a restart). */
function processClient(): PrintifyClient {
  replacePrintify(undefined);
  const client = printify()!;
  replacePrintify(undefined);
  return client;
}

/**
 * Resolves once the client that met the 429 has told the shared table to hold everyone back (its row full): a request
 * the other process had already sent before that cannot be called back, so the test starts it after.
 */
/**
 * Waits until a client has written its pause into the shared row; answers when the pause ends on the fake's clock
 * (performance.now(), as the fake stamps arrivals), or undefined if none was written in time.
 */
async function pauseRecorded(withinMs: number): Promise<number | undefined> {
  const key = `printify-requests:${createHash("sha256").update(fake.token).digest("base64url")}`;
  const perWindow = Math.floor((settings.PRINTIFY_REQUESTS_PER_MINUTE ?? 560) / 61);
  // Bounded, well within the wait: a client that never shares its pause (each process on its own) lets the test go
  // on while the wait is still running, and fail.
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; ) {
    const row = await (await db()).rateLimit.findUnique({ where: { key }, select: { count: true, resetAt: true } });
    if (row && row.count > perWindow) return performance.now() + (row.resetAt.getTime() - Date.now());
    await Bun.sleep(2);
  }
}

/** The most arrivals in any span of `spanMs` (server-side arrival times). */
function busiest(times: number[], spanMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= spanMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe("the Printify budget is shared by every process", () => {
  test("two processes' clients together stay under the per-minute budget (10 a second here), any second of it", async () => {
    settings.PRINTIFY_REQUESTS_PER_MINUTE = 610; // ⌊610 / 61⌋ = 10 a second
    const [a, b] = [processClient(), processClient()];
    const calls = 30;
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: calls }, () => a.listShops()),
      ...Array.from({ length: calls }, () => b.getProduct(DEMO_SHOP.id, DEMO_PRODUCTS[0]!.id)),
    ]);
    const elapsed = performance.now() - started;
    const times = fake.requests.map((r) => r.at);
    expect(times).toHaveLength(2 * calls);
    // Fixed one-second windows of 10: any second spans at most two windows, any 3 s at most four.
    expect(busiest(times, 1000)).toBeLessThanOrEqual(20);
    expect(busiest(times, 3000)).toBeLessThanOrEqual(40);
    // 60 requests at 10 a second take at least five whole windows.
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
  }, 30_000);

  test("a 429 with Retry-After is waited out by the client that met it, and the other process holds off too", async () => {
    settings.PRINTIFY_REQUESTS_PER_MINUTE = 600;
    const [a, b] = [processClient(), processClient()];
    fake.failNext(1, { status: 429, retryAfterSeconds: 5 }, /\/shops\.json$/);
    const first = a.listShops();
    await pauseRecorded(500);
    const limitedAt = fake.requests.find((r) => r.status === 429)!.at;
    await Promise.all([first, b.getProduct(DEMO_SHOP.id, DEMO_PRODUCTS[0]!.id)]);
    const retried = fake.requests.find((r) => r.path.endsWith("/shops.json") && r.status === 200)!;
    const other = fake.requests.find((r) => r.path.includes("/products/"))!;
    expect(retried.at - limitedAt).toBeGreaterThanOrEqual(4_950);
    // Process b never met the 429 itself: the shared table told it to wait.
    expect(other.at - limitedAt).toBeGreaterThanOrEqual(4_950);
  }, 30_000);

  test("a 429 without Retry-After backs off (up to 60 s), and the other process waits as long", async () => {
    settings.PRINTIFY_REQUESTS_PER_MINUTE = 600;
    const [a, b] = [processClient(), processClient()];
    fake.failNext(1, { status: 429 }, /\/shops\.json$/);
    const first = a.listShops();
    const pauseEnds = await pauseRecorded(150);
    expect(pauseEnds).toBeNumber();
    const limitedAt = fake.requests.find((r) => r.status === 429)!.at;
    await Promise.all([first, b.getProduct(DEMO_SHOP.id, DEMO_PRODUCTS[0]!.id)]);
    const retried = fake.requests.find((r) => r.path.endsWith("/shops.json") && r.status === 200)!;
    const other = fake.requests.find((r) => r.path.includes("/products/"))!;
    // The first backoff is 50–100 % of 500 ms: the retry and the other process's request both come after it.
    expect(retried.at - limitedAt).toBeGreaterThanOrEqual(240);
    expect(other.at - limitedAt).toBeGreaterThanOrEqual(240);
    // Held back until the pause a wrote ended (both wake at its end plus up to 50 ms of jitter, so which of the two
    // goes first is chance; that b waited for the pause is not). 5 ms: the database's and this process's clocks.
    expect(other.at).toBeGreaterThanOrEqual(pauseEnds! - 5);
  }, 30_000);
});
