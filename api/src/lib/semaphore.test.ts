// The hashing semaphore's bound (what keeps a login flood from exhausting memory).
import { describe, expect, test } from "bun:test";
import { Semaphore } from "./semaphore";

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
