// Dates as SPEC §2 shows them, the same on the server and in the browser (UTC).
import { describe, expect, test } from "bun:test";
import { formatCreated, formatDay, formatMoment, participants } from "./format";

describe("formats", () => {
  test("formatCreated is 'MMM dd, yyyy' in UTC", () => {
    expect(formatCreated("2026-11-02T23:30:00.000Z")).toBe("Nov 02, 2026");
    expect(formatCreated("2027-01-15T00:00:00.000Z")).toBe("Jan 15, 2027");
  });
  test("formatDay is YYYY-MM-DD in UTC", () => {
    expect(formatDay("2026-12-01T23:59:00.000Z")).toBe("2026-12-01");
  });
  test("formatMoment adds the UTC time to the minute", () => {
    expect(formatMoment("2026-11-02T14:05:59.000Z")).toBe("Nov 02, 2026 14:05 UTC");
    expect(formatMoment("2026-11-02T23:30:00.000+02:00")).toBe("Nov 02, 2026 21:30 UTC");
  });
  test("participants is the count with its word, singular for one", () => {
    expect(participants(0)).toBe("0 participants");
    expect(participants(1)).toBe("1 participant");
    expect(participants(12)).toBe("12 participants");
  });
});
