// The cookie names auth sets, and how the page cache recognises a session cookie in a Cookie header.
import { expect, test } from "bun:test";
import { carriesSessionCookie, hostOnly, SESSION_COOKIE_NAME } from "./cookie-names";
import { SESSION_COOKIE } from "./sessions";

test("the session cookie is named once: sessions.ts sets the name the page cache looks for", () => {
  expect(SESSION_COOKIE).toBe(hostOnly(SESSION_COOKIE_NAME, false)); // SITE_URL under test is http://
  expect(hostOnly(SESSION_COOKIE_NAME, true)).toBe("__Host-sid");
  expect(carriesSessionCookie(`${SESSION_COOKIE}=x`)).toBe(true);
});

test("a session cookie under either name, anywhere in the header, whatever its value", () => {
  for (const header of ["sid=abc", "__Host-sid=abc", "theme=dark; sid=", "a=1;sid=forged", "a=1; __Host-sid=x; b=2"]) {
    expect(carriesSessionCookie(header)).toBe(true);
  }
  for (const header of [null, "", "did=abc", "xsid=abc", "sidebar_state=true", "a=sid=1", "__Host-did=x"]) {
    expect(carriesSessionCookie(header)).toBe(false);
  }
});
