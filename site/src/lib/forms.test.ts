// The form kit's contract check: the schema's own words per field, the closest branch of a union, never the value.
import { describe, expect, test } from "bun:test";
import { LoginBody, ProfileBody, RegisterBody } from "@api/modules/auth/schema";
import { checkForm, confirmProblem } from "./forms";

describe("checkForm", () => {
  test("maps each field's first problem to the field, in the schema's words", () => {
    expect(checkForm(LoginBody, { usernameOrEmail: "ada", password: "p" })).toEqual({});
    expect(checkForm(RegisterBody, { username: "ada", email: "ada@example.com", password: "short" })).toEqual({
      password: "Password must be at least 8 characters long",
    });
  });

  test("an undeclared rule names the field, never the value", () => {
    const tooLong = checkForm(RegisterBody, {
      username: "ada",
      email: "ada@example.com",
      password: "long-enough",
      firstName: "n".repeat(101),
    });
    expect(tooLong.firstName).toStartWith("firstName: ");
    expect(tooLong.firstName).not.toContain("nnnn");
  });

  test("a union answers with the branch the body comes closest to", () => {
    expect(checkForm(ProfileBody, { username: "ab", email: "x@y.z" })).toEqual({
      username: "Username must be at least 3 characters",
    });
    expect(checkForm(ProfileBody, { currentPassword: "", newPassword: "long enough" })).toEqual({
      currentPassword: "Current password is required",
    });
  });

  test("confirmProblem: blank first (when the form says so), then different", () => {
    expect(confirmProblem("a", "", "differ", "blank")).toBe("blank");
    expect(confirmProblem("a", "", "differ")).toBe("differ");
    expect(confirmProblem("a", "a", "differ")).toBeUndefined();
  });
});
