// The form kit's contract check: the schema's own words per field, the closest branch of a union, never the value.
import { describe, expect, test } from "bun:test";
import { LoginBody, ProfileBody, RegisterBody } from "@api/modules/auth/schema";
import { ApiError } from "./api";
import { renderToString } from "react-dom/server";
import { failureToast } from "./failure-toast";
import { checkForm, confirmProblem, orNull, useContractForm, valuesOf } from "./forms";
import { $toasts, dismissToast } from "../stores/toast";

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

describe("edit form values", () => {
  test("valuesOf takes the form's fields from the item, a null one as the empty form has it", () => {
    const empty = { title: "", summary: "", draft: false };
    const stored = { id: "x", title: "T", summary: null, draft: true };
    expect(valuesOf(stored, empty)).toEqual({
      title: "T",
      summary: "",
      draft: true,
    });
  });
  test("orNull trims an optional text, blank as null", () => {
    expect(orNull("  a  ")).toBe("a");
    expect(orNull("   ")).toBeNull();
  });
});

describe("failureToast", () => {
  const last = () => $toasts.get()[0];

  test("the server's own message first, else the form's fallback", () => {
    failureToast(new ApiError(409, "409: taken", "Username already taken"), "Please try again", "Failed to create user");
    expect(last()).toMatchObject({
      title: "Failed to create user",
      description: "Username already taken",
      variant: "destructive",
    });
    failureToast(new Error("network"), "Please try again", "Failed to create user");
    expect(last()?.description).toBe("Please try again");
  });

  test("without a fallback the toast is its title alone (an HTML error page is never shown)", () => {
    failureToast(new ApiError(502, "502", "<html>Bad gateway</html>"), undefined, "Failed to delete project");
    expect(last()).toMatchObject({ title: "Failed to delete project", description: undefined });
    for (const t of $toasts.get()) dismissToast(t.id);
  });
});

/** Renders the props `field()` and `checkbox()` give, as JSON (functions left out). */
function Probe() {
  const form = useContractForm(
    { title: "Quiet streets", status: "ACTIVE" as "ACTIVE" | "DRAFT", draft: true },
    { errors: { title: "Title is too long" } },
  );
  const title = form.field("title");
  const status = form.field("status");
  const draft = form.checkbox("draft");
  return (
    <output>
      {JSON.stringify({ title: { ...title }, status: status.value, draft: { name: draft.name, checked: draft.checked } })}
    </output>
  );
}

describe("useContractForm field props", () => {
  test("form.field() gives a Field its name, value and error; form.checkbox() gives a Checkbox its state", () => {
    const html = renderToString(<Probe />).replaceAll("&quot;", '"');
    const shown = JSON.parse(html.slice(html.indexOf("{"), html.lastIndexOf("}") + 1));
    expect(shown).toEqual({
      title: { name: "title", value: "Quiet streets", error: "Title is too long" },
      status: "ACTIVE",
      draft: { name: "draft", checked: true },
    });
  });
});
