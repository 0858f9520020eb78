// The admin catalogue card's description summary: the stored (sanitized) HTML shown as plain text, entities decoded.
import { describe, expect, test } from "bun:test";
import { descriptionText } from "./CatalogueCard";

describe("descriptionText", () => {
  test("tags become spaces, entities are decoded once, whitespace collapses", () => {
    expect(descriptionText("<p>Soft &amp; warm</p><ul><li>100% cotton</li><li>&lt;b&gt; is text</li></ul>")).toBe(
      "Soft & warm 100% cotton <b> is text",
    );
  });
  test("a double-escaped entity stays escaped once (no second decoding)", () => {
    expect(descriptionText("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
  });
});
