// The admin user form's checks: the users contract's SPEC §5 messages, and the body each mode sends.
import { describe, expect, test } from "bun:test";
import { onlyErrors } from "../../lib/forms";
import { EMPTY_USER_FORM, checkUserForm, userPayload } from "./user-form";

const valid = { ...EMPTY_USER_FORM, username: "grace_h", email: "grace@example.com", password: "secret6" };

describe("admin user form", () => {
  test("username, e-mail and the 6-character password rule speak the contract's messages", () => {
    expect(onlyErrors(checkUserForm(valid, "create", true))).toEqual({});
    expect(onlyErrors(checkUserForm({ ...EMPTY_USER_FORM }, "create", true))).toEqual({
      username: "Username must be at least 3 characters",
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(checkUserForm({ ...valid, username: "bad name" }, "create", false).username).toBe(
      "Username may only contain letters, numbers, dots, dashes and underscores",
    );
    expect(checkUserForm({ ...valid, password: "five5" }, "edit", true).password).toBe("Password must be at least 6 characters");
  });

  test("on edit an empty password is left out (the current one is kept)", () => {
    expect(onlyErrors(checkUserForm({ ...valid, password: "" }, "edit", true))).toEqual({});
    expect(userPayload({ ...valid, password: "" }, "edit", true)).not.toHaveProperty("password");
    expect(userPayload({ ...valid, username: " grace_h " }, "create", false)).toEqual({
      username: "grace_h",
      email: "grace@example.com",
      password: "secret6",
    });
  });
});
