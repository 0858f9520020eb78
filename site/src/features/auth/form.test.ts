// The account forms' checks (the routes' contracts through the form kit, plus the confirmations): SPEC §5's exact
// messages, and that nothing bad is let through to the API.
import { describe, expect, test } from "bun:test";
import { onlyErrors } from "../../lib/forms";
import {
  checkLogin,
  checkPasswordChange,
  checkProfile,
  checkRegister,
  checkResetPassword,
  checkForgotPassword,
  profileBody,
  registerBody,
} from "./form";

const register = {
  firstName: "",
  lastName: "",
  username: "ada_l",
  email: "ada@example.com",
  password: "longenough",
  confirmPassword: "longenough",
};

describe("register", () => {
  test("mismatch and short passwords are caught with SPEC's texts", () => {
    expect(checkRegister({ ...register, confirmPassword: "different1" }).confirmPassword).toBe("Passwords do not match");
    expect(checkRegister({ ...register, password: "short", confirmPassword: "short" }).password).toBe(
      "Password must be at least 8 characters long",
    );
    expect(Object.values(checkRegister(register)).filter(Boolean)).toEqual([]);
  });

  test("blank required fields say so; the username rule speaks for each of its parts", () => {
    expect(onlyErrors(checkRegister({ ...register, username: "  ", email: "", password: "", confirmPassword: "" }))).toEqual({
      username: "This field is required",
      email: "This field is required",
      password: "This field is required",
      confirmPassword: "Please confirm your password",
    });
    expect(checkRegister({ ...register, username: "ab" }).username).toBe("Username must be at least 3 characters");
    expect(checkRegister({ ...register, username: "a".repeat(33) }).username).toBe("Username must be at most 32 characters");
    expect(checkRegister({ ...register, username: "ada lovelace" }).username).toBe(
      "Username may only contain letters, numbers, dots, dashes and underscores",
    );
    expect(checkRegister({ ...register, email: "nope" }).email).toBe("Invalid email address");
    expect(checkRegister({ ...register, password: "p".repeat(257), confirmPassword: "p".repeat(257) }).password).toBe(
      "Password must be at most 256 characters",
    );
    expect(checkRegister({ ...register, firstName: "n".repeat(101) }).firstName).toStartWith("firstName: ");
  });

  test("the payload drops confirmPassword and sends empty names as null", () => {
    expect(registerBody({ ...register, username: "  ada_l " })).toEqual({
      username: "ada_l",
      email: "ada@example.com",
      password: "longenough",
      firstName: null,
      lastName: null,
    });
  });
});

describe("other forms", () => {
  test("login needs both fields", () => {
    expect(onlyErrors(checkLogin({ usernameOrEmail: " ", password: "" }))).toEqual({
      usernameOrEmail: "This field is required",
      password: "This field is required",
    });
  });

  test("forgot and reset", () => {
    expect(checkForgotPassword("nope").email).toBe("Please enter a valid email address");
    expect(checkResetPassword({ newPassword: "seven77", confirmPassword: "seven77" }, "token").newPassword).toBe(
      "Password must be at least 8 characters",
    );
    expect(checkResetPassword({ newPassword: "eight888", confirmPassword: "eight889" }, "token").confirmPassword).toBe(
      "Passwords do not match",
    );
    expect(checkResetPassword({ newPassword: "eight888", confirmPassword: "eight888" }, "").token).toBe("Invalid reset token");
  });

  test("profile and password change (the 6-character rule)", () => {
    const profile = { firstName: "", lastName: "", username: "abc", email: "x@y.z", affiliations: "", currentPassword: "" };
    expect(checkProfile({ ...profile, username: "ab" }, "x@y.z").username).toBe("Username must be at least 3 characters");
    expect(checkProfile({ ...profile, email: "bad" }, "x@y.z").email).toBe("Invalid email address");
    // A new e-mail needs the current password; the same one (any case) does not.
    expect(checkProfile({ ...profile, email: "new@y.z" }, "x@y.z").currentPassword).toBe("Current password is required");
    expect(checkProfile({ ...profile, email: "X@Y.z" }, "x@y.z").currentPassword).toBeUndefined();
    expect(profileBody({ ...profile, currentPassword: "pw" }, "x@y.z")).not.toHaveProperty("currentPassword");
    expect(profileBody({ ...profile, email: "new@y.z", currentPassword: "pw" }, "x@y.z")).toMatchObject({
      currentPassword: "pw",
    });
    // Affiliations: one per line, trimmed, blank lines and repeats (ignoring case) dropped; at most 10 once cleaned.
    expect(profileBody({ ...profile, affiliations: " Acme  Corp \n\nacme corp\r\nGlobex" }, "x@y.z").affiliations).toEqual([
      "Acme Corp",
      "Globex",
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `Org ${i}`).join("\n");
    expect(checkProfile({ ...profile, affiliations: eleven }, "x@y.z").affiliations).toContain("at most 10 organisations");
    expect(checkProfile({ ...profile, affiliations: `${eleven}\norg 0` }, "x@y.z").affiliations).toContain("at most 10");
    expect(checkProfile({ ...profile, affiliations: "x".repeat(121) }, "x@y.z").affiliations).toBeDefined();
    expect(onlyErrors(checkPasswordChange({ currentPassword: "", newPassword: "five5", confirmPassword: "" }))).toEqual({
      currentPassword: "Current password is required",
      newPassword: "Password must be at least 6 characters",
      confirmPassword: "Please confirm your password",
    });
    expect(checkPasswordChange({ currentPassword: "x", newPassword: "sixsix", confirmPassword: "sixsiz" }).confirmPassword).toBe(
      "Passwords don't match",
    );
  });
});
