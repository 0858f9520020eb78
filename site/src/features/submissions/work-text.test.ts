import { expect, test } from "bun:test";
import { timeLeft } from "./work-text";

test("time left reads in days, then hours, then minutes, and Closed once the due time has passed", () => {
  const now = Date.UTC(2031, 0, 10, 12, 0);
  const at = (ms: number) => new Date(now + ms).toISOString();
  expect(timeLeft(at(2 * 86_400_000 + 3_600_000), now)).toBe("2 days left");
  expect(timeLeft(at(30 * 3_600_000), now)).toBe("30 hours left");
  expect(timeLeft(at(3_600_000), now)).toBe("1 hour left");
  expect(timeLeft(at(90_000), now)).toBe("1 minute left");
  expect(timeLeft(at(0), now)).toBe("Closed");
  expect(timeLeft(at(-86_400_000), now)).toBe("Closed");
  expect(timeLeft(null, now)).toBe("Open until the challenge is completed");
});
