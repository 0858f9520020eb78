// Reading a page's own form POST: only small form bodies, every field a string, the API's contract wording.
import { describe, expect, test } from "bun:test";
import { MAX_FORM_BYTES, readFormFields } from "./form-post.server";

const formPost = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/login", { method: "POST", body, headers });

describe("readFormFields", () => {
  test("a form-encoded body gives the named fields; missing ones are empty strings", async () => {
    const read = await readFormFields(formPost(new URLSearchParams({ usernameOrEmail: "ada", extra: "x" })), [
      "usernameOrEmail",
      "password",
    ]);
    expect(read).toEqual({ ok: true, fields: { usernameOrEmail: "ada", password: "" } });
  });

  test("multipart works too, and a file where text belongs reads as empty", async () => {
    const data = new FormData();
    data.set("email", "ada@example.com");
    data.set("password", new File(["secret"], "p.txt"));
    const read = await readFormFields(formPost(data), ["email", "password"]);
    expect(read).toEqual({ ok: true, fields: { email: "ada@example.com", password: "" } });
  });

  test("JSON, a NUL and a body over the cap (even without Content-Length) are refused", async () => {
    const json = await readFormFields(formPost("{}", { "content-type": "application/json" }), ["a"]);
    expect(json).toMatchObject({ ok: false, status: 415 });

    const nul = await readFormFields(formPost(new URLSearchParams({ a: "x\0y" })), ["a"]);
    expect(nul).toMatchObject({ ok: false, status: 400 });

    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(MAX_FORM_BYTES / 2)}`));
        controller.close();
      },
    });
    const big = await readFormFields(formPost(chunks, { "content-type": "application/x-www-form-urlencoded" }), ["a"]);
    expect(big).toMatchObject({ ok: false, status: 413 });
  });
});
