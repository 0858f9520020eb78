// Rate limits shared by every process (docs/decisions/013-shared-rate-limits.md): fixed windows counted in the
// database, so N processes behind a balancer hold each limit at exactly its number instead of N times it. One row per
// limiter and key in `rate_limits`; one statement counts an attempt and answers the window (INSERT … ON CONFLICT DO
// UPDATE … RETURNING is atomic on PostgreSQL and PGlite alike), so concurrent attempts on any process never both see
// room for one. Keys (addresses, e-mails, account ids) are stored hashed.
import { createHash } from "node:crypto";
import { AppError } from "../lib/errors";
import { db } from "./client";

type Window = { count: number; resetAt: Date };

/** A row's key: the limiter's name and a hash of the caller's key (no address, e-mail or token kept in clear). */
const rowKeyOf = (name: string, key: string) => `${name}:${createHash("sha256").update(key).digest("base64url")}`;

export class RateLimiter {
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  #rowKey(key: string) {
    return rowKeyOf(this.name, key);
  }

  /** Counts one attempt and answers its window: a window that has ended starts again at 1. */
  async hit(key: string, now = Date.now()): Promise<Window> {
    const at = new Date(now);
    const [window] = await (await db()).$queryRaw<Window[]>`
      INSERT INTO rate_limits (key, count, "resetAt") VALUES (${this.#rowKey(key)}, 1, ${new Date(now + this.windowMs)})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits."resetAt" <= ${at} THEN 1 ELSE rate_limits.count + 1 END,
        "resetAt" = CASE WHEN rate_limits."resetAt" <= ${at} THEN EXCLUDED."resetAt" ELSE rate_limits."resetAt" END
      RETURNING count, "resetAt"`;
    return window!;
  }

  /** Counts one attempt, refusing it with 429 (and Retry-After) when it is one more than the limit allows. */
  async consume(key: string, message: string, now = Date.now()): Promise<void> {
    const window = await this.hit(key, now);
    if (window.count > this.limit) throw tooMany(message, window.resetAt.getTime() - now);
  }

  /** Counts one attempt; answers whether it was within the limit (for limits that refuse quietly). */
  async tryConsume(key: string, now = Date.now()): Promise<boolean> {
    return (await this.hit(key, now)).count <= this.limit;
  }

  /** Seconds until `key` may try again, or 0 when it is under the limit. Does not count. */
  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const window = await (await db()).rateLimit.findUnique({
      where: { key: this.#rowKey(key) },
      select: { count: true, resetAt: true },
    });
    if (!window || window.resetAt.getTime() <= now || window.count < this.limit) return 0;
    return Math.ceil((window.resetAt.getTime() - now) / 1000);
  }

  /** Refuses with 429 when `key` is at its limit, without counting (sign-in counts only failures). */
  async assertAllowed(key: string, message: string, now = Date.now()): Promise<void> {
    const wait = await this.retryAfter(key, now);
    if (wait > 0) throw tooMany(message, wait * 1000);
  }

  /** Forgets `key` (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await (await db()).rateLimit.deleteMany({ where: { key: this.#rowKey(key) } });
  }
}

const tooMany = (message: string, waitMs: number) =>
  new AppError("too_many_requests", message, 429, { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) });

/** Deletes ended windows (they count as empty anyway): keeps the table as small as the traffic of one window. */
export async function sweepRateLimits(now = new Date()): Promise<number> {
  const { count } = await (await db()).rateLimit.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}

/**
 * Requests to a provider paced across every process (decision 013): a provider's limit counts per account, so N
 * processes pacing themselves each at the limit would send N times it. Fixed windows of `windowMs` in `rate_limits`,
 * `perWindow` requests each: any span of k windows sees at most (k + 1) · perWindow requests (Printify: 1 s windows
 * of 9 → at most 61 · 9 = 549 in any minute, under its 600). Times are the database's clock, so processes on machines
 * whose clocks disagree still share one window. A 429's Retry-After is written into the same row (`pause`): every
 * process then waits it out, not only the one that met it.
 */
export class SharedPacer {
  readonly #rowKey: string;
  constructor(
    name: string,
    /** The account the provider counts by (e.g. the API token: stored only as its hash). */
    account: string,
    readonly perWindow: number,
    readonly windowMs: number,
  ) {
    this.#rowKey = rowKeyOf(name, account);
  }

  /** Resolves when this request may go: counted in the current window, or waits for the next one with room. */
  async take(): Promise<void> {
    for (;;) {
      const { count, waitMs } = await this.#hit();
      if (count <= this.perWindow) return;
      // Wait out the window (or the pause), plus a little jitter so waiting processes do not all wake at once.
      await Bun.sleep(Math.max(1, waitMs) + Math.random() * Math.min(50, this.windowMs / 10));
    }
  }

  /** Holds every process back for `ms` (a 429's Retry-After): the row is full until then. */
  async pause(ms: number): Promise<void> {
    const full = this.perWindow + 1;
    await (await db()).$executeRaw`
      INSERT INTO rate_limits (key, count, "resetAt")
      VALUES (${this.#rowKey}, ${full}, (statement_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => ${ms / 1000}::float8))
      ON CONFLICT (key) DO UPDATE SET
        count = GREATEST(rate_limits.count, EXCLUDED.count),
        "resetAt" = GREATEST(rate_limits."resetAt", EXCLUDED."resetAt")`;
  }

  /** One statement: count this request in the window (a new one when it has ended) and say how long it has left. */
  async #hit(): Promise<{ count: number; waitMs: number }> {
    const [row] = await (await db()).$queryRaw<{ count: number; waitMs: number }[]>`
      WITH now AS (SELECT statement_timestamp() AT TIME ZONE 'UTC' AS at)
      INSERT INTO rate_limits (key, count, "resetAt")
      SELECT ${this.#rowKey}, 1, now.at + make_interval(secs => ${this.windowMs / 1000}::float8) FROM now
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits."resetAt" <= (SELECT at FROM now) THEN 1 ELSE rate_limits.count + 1 END,
        "resetAt" = CASE WHEN rate_limits."resetAt" <= (SELECT at FROM now) THEN EXCLUDED."resetAt" ELSE rate_limits."resetAt" END
      RETURNING count, (EXTRACT(EPOCH FROM ("resetAt" - (SELECT at FROM now))) * 1000)::float8 AS "waitMs"`;
    return { count: Number(row!.count), waitMs: Number(row!.waitMs) };
  }
}
