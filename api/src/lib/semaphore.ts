// Per-process bounds on work in flight (hashing, uploads): resources of this process, so counted in its memory. Rate
// limits, which must hold across processes, count in the database: db/rate-limit.ts.
import { AppError } from "./errors";

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
