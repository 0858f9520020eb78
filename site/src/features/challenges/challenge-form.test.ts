import { describe, expect, test } from "bun:test";
import { checkImage } from "../uploads/upload";
import { challengePayload, checkChallenge, EMPTY_CHALLENGE_FORM, valuesFromChallenge } from "./challenge-form";

const filled = { ...EMPTY_CHALLENGE_FORM, title: "Quiet streets", description: "Less noise", startDate: "2027-02-01" };

describe("admin challenge form", () => {
  test("an empty form names each required field with the API's message", () => {
    expect(checkChallenge(EMPTY_CHALLENGE_FORM)).toEqual({
      title: "Title is required",
      description: "Short description is required",
      startDate: "Start date is required (ISO 8601)",
    });
  });

  test("status defaults to UPCOMING; dates go out as ISO, a blank end date as null; lists one item per line", () => {
    expect(checkChallenge(filled)).toEqual({});
    expect(challengePayload({ ...filled, requirements: " Acousticians \n\n Residents" })).toMatchObject({
      status: "UPCOMING",
      startDate: "2027-02-01T00:00:00.000Z",
      endDate: null,
      imageUrl: null,
      requirements: ["Acousticians", "Residents"],
      outcomes: [],
    });
  });

  test("an end date before the start date is refused on the end date field", () => {
    expect(checkChallenge({ ...filled, endDate: "2027-01-31" })).toEqual({
      endDate: "End date must be on or after the start date",
    });
    expect(checkChallenge({ ...filled, endDate: "2027-02-01" })).toEqual({});
  });

  test("a script URL as the image is refused", () => {
    expect(checkChallenge({ ...filled, imageUrl: "javascript:alert(1)" }).imageUrl).toBe(
      "Image must be an uploaded image or an http(s) URL",
    );
  });

  test("a stored challenge fills the form and comes back unchanged", () => {
    const stored = {
      id: "x",
      title: "T",
      description: "D",
      fullDescription: null,
      status: "ACTIVE" as const,
      startDate: "2027-03-04T00:00:00.000Z",
      endDate: "2027-04-05T00:00:00.000Z",
      imageUrl: null,
      requirements: ["a", "b"],
      outcomes: [],
      timeline: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      participantCount: 0,
      teamSize: 3,
    };
    const { id, createdAt, participantCount, ...input } = stored;
    expect(challengePayload(valuesFromChallenge(stored))).toEqual(input);
  });

  test("images: only the four types, at most 5 MB", () => {
    expect(checkImage(new File(["x"], "a.png", { type: "image/png" }))).toBeNull();
    expect(checkImage(new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }))).toBe(
      "Only JPEG, PNG, GIF or WebP images can be uploaded",
    );
    expect(checkImage(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }))).toBe(
      "Images must be 5 MB or smaller",
    );
  });
});
