// Fixed-window counters in process memory: enough for one instance (the PGlite default and small deployments).
// Several instances behind a balancer each count their own share — move to a shared store before scaling out.
import { AppError } from "./errors";

type Window = { count: number; resetAt: number };

export class RateLimiter {
  private windows = new Map<string, Window>();
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private current(key: string, now: number): Window {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    return w;
  }

  /** Seconds until `key` may try again, or 0 when it is under the limit. Does not count. */
  retryAfter(key: string, now = Date.now()): number {
    const w = this.current(key, now);
    return w.count >= this.limit ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  hit(key: string, now = Date.now()) {
    this.current(key, now).count++;
  }

  /** Counts one attempt, throwing 429 (with Retry-After) when the key is already over the limit. */
  consume(key: string, message: string, now = Date.now()) {
    this.assertAllowed(key, message, now);
    this.hit(key, now);
  }

  assertAllowed(key: string, message: string, now = Date.now()) {
    const wait = this.retryAfter(key, now);
    if (wait > 0) throw new AppError("too_many_requests", message, 429, { "retry-after": String(wait) });
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Runs at most `limit` tasks at once; up to `maxQueue` more wait, the rest are refused with 503. */
export class Semaphore {
  private running = 0;
  private queue: (() => void)[] = [];
  constructor(
    readonly limit: number,
    readonly maxQueue: number,
  ) {}

  /**
   * Waits for a slot (503 when the queue is full too) and returns the function that gives it back — for work whose
   * start and end are in different places (an upload: read in the body parser, stored in the route). Calling the
   * returned function again does nothing.
   */
  async acquire(): Promise<() => void> {
    if (this.running >= this.limit) {
      if (this.queue.length >= this.maxQueue) {
        throw new AppError("unavailable", "The server is busy. Please try again in a moment.", 503, { "retry-after": "2" });
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running++;
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.queue.shift();
      if (next)
        next(); // hand the slot straight to the next waiter
      else this.running--;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
