// The limiter's windows and the hashing semaphore's bound (what keeps a login flood from exhausting memory).
import { describe, expect, test } from "bun:test";
import { AppError } from "./errors";
import { RateLimiter, Semaphore } from "./rate-limit";

describe("RateLimiter", () => {
  test("allows `limit` hits per window, then refuses with Retry-After until the window ends", () => {
    const limiter = new RateLimiter("t", 3, 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) limiter.consume("k", "slow down", t0);
    try {
      limiter.consume("k", "slow down", t0 + 1_000);
      throw new Error("not refused");
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(429);
      expect((e as AppError).headers["retry-after"]).toBe("59");
    }
    expect(() => limiter.consume("other", "slow down", t0)).not.toThrow(); // keys are independent
    expect(() => limiter.consume("k", "slow down", t0 + 60_000)).not.toThrow(); // a new window
  });

  test("reset forgets a key (a successful sign-in clears its failures)", () => {
    const limiter = new RateLimiter("t", 1, 60_000);
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBeGreaterThan(0);
    limiter.reset("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });
});

describe("Semaphore", () => {
  test("never runs more than `limit` tasks at once, and refuses beyond the queue", async () => {
    const semaphore = new Semaphore(2, 3);
    let running = 0;
    let peak = 0;
    const task = () =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await Bun.sleep(20);
        running--;
        return "done";
      });
    const accepted = Array.from({ length: 5 }, task); // 2 running + 3 queued
    const refused = task();
    await expect(refused).rejects.toMatchObject({ status: 503 });
    expect(await Promise.all(accepted)).toEqual(["done", "done", "done", "done", "done"]);
    expect(peak).toBe(2);
    expect(await task()).toBe("done"); // slots are given back
  });
});
