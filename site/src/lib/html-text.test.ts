// A stored (sanitized) HTML description as plain text (store cards, meta tags, the admin catalogue summary).
import { describe, expect, test } from "bun:test";
import { htmlToText } from "./html-text";

describe("htmlToText", () => {
  test("tags become spaces, entities are decoded once, whitespace collapses", () => {
    expect(htmlToText("<p>Soft &amp; warm</p><ul><li>100% cotton</li><li>&lt;b&gt; is text</li></ul>")).toBe(
      "Soft & warm 100% cotton <b> is text",
    );
  });
  test("a double-escaped entity stays escaped once (no second decoding)", () => {
    expect(htmlToText("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
  });
});
