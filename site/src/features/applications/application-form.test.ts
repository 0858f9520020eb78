// The application form's pure helpers: defaults from the user, SPEC §5's five messages from the API's schema, payload.
import { describe, expect, test } from "bun:test";
import { applicationDefaults, applicationPayload, checkApplication, hasApplicationErrors } from "./application-form";
import { applicationStatus } from "./application-status";
import { nextDueText, timelinePhases } from "./dashboard";

const user = { firstName: "Morgan", lastName: "Lee", username: "member", email: "member@example.com" };
const filled = {
  ...applicationDefaults(user),
  company: "Acme",
  role: "Designer",
  interestDescription: "I care about clean air a lot.",
};

describe("applicationDefaults", () => {
  test("first and last name, else the username; the account e-mail; not enterprise", () => {
    expect(applicationDefaults(user)).toMatchObject({
      applicantName: "Morgan Lee",
      applicantEmail: "member@example.com",
      isEnterprise: false,
      company: "",
    });
    expect(applicationDefaults({ ...user, lastName: null }).applicantName).toBe("Morgan");
    expect(applicationDefaults({ ...user, firstName: null, lastName: " " }).applicantName).toBe("member");
  });
});

describe("checkApplication", () => {
  test("a complete form passes", () => {
    expect(hasApplicationErrors(checkApplication(filled))).toBe(false);
  });

  test("all five rules with SPEC's messages, one per field", () => {
    const errors = checkApplication({
      ...filled,
      applicantName: "A",
      company: " ",
      applicantEmail: "nope",
      role: "x",
      interestDescription: "short",
    });
    expect(errors).toEqual({
      applicantName: "Name must be at least 2 characters",
      company: "Company name must be at least 2 characters",
      applicantEmail: "Please enter a valid email address",
      role: "Role must be at least 2 characters",
      interestDescription: "Please provide at least 10 characters describing your interest",
    });
  });

  test("over-long text has its own message, declared on the schema beside SPEC's", () => {
    expect(checkApplication({ ...filled, role: "r".repeat(101) }).role).toBe("Role must be at most 100 characters");
    expect(
      checkApplication({
        ...filled,
        applicantName: "N".repeat(101),
        interestDescription: "i".repeat(5001),
        enterpriseExplanation: "e".repeat(2001),
      }),
    ).toEqual({
      applicantName: "Name must be at most 100 characters",
      interestDescription: "Description must be at most 5000 characters",
      enterpriseExplanation: "Explanation must be at most 2000 characters",
    });
    // Counted as sent: surrounding spaces are trimmed first.
    expect(checkApplication({ ...filled, role: ` ${"r".repeat(100)} ` })).toEqual({});
    // An enterprise applicant's hidden explanation is not sent, so it cannot be too long.
    expect(checkApplication({ ...filled, isEnterprise: true, enterpriseExplanation: "e".repeat(2001) })).toEqual({});
  });
});

describe("applicationPayload", () => {
  test("trims; the explanation only when not enterprise, null when blank", () => {
    expect(applicationPayload({ ...filled, company: " Acme ", enterpriseExplanation: " solo " })).toMatchObject({
      company: "Acme",
      enterpriseExplanation: "solo",
      isEnterprise: false,
    });
    expect(
      applicationPayload({ ...filled, isEnterprise: true, enterpriseExplanation: "hidden" }).enterpriseExplanation,
    ).toBeNull();
    expect(applicationPayload({ ...filled, enterpriseExplanation: "  " }).enterpriseExplanation).toBeNull();
  });
});

describe("labels", () => {
  test("SPEC §4 status labels; unknown reads as pending", () => {
    expect(["PENDING", "ACTIVE", "REJECTED", "WITHDRAWN"].map((s) => applicationStatus(s).label)).toEqual([
      "Pending Review",
      "Approved",
      "Rejected",
      "Pending Review",
    ]);
  });

  test("timeline phases and next due", () => {
    expect(timelinePhases("Kick-off in October; demo day in December.")).toEqual(["Kick-off in October", "demo day in December"]);
    expect(timelinePhases(null)).toEqual([]);
    const now = new Date("2026-11-01T00:00:00Z");
    expect(nextDueText({ kind: "end", date: "2026-11-11T00:00:00.000Z" }, now)).toBe(
      "Final deliverables due 2026-11-11 (in 10 days)",
    );
    expect(nextDueText({ kind: "start", date: "2026-11-01T12:00:00.000Z" }, now)).toBe(
      "Challenge starts 2026-11-01 (within a day)",
    );
    expect(nextDueText(null, now)).toBe("The challenge has ended.");
  });
});
