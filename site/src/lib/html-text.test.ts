// A stored (sanitized) HTML description as plain text (store cards, meta tags, the admin catalogue summary).
import { describe, expect, test } from "bun:test";
import { htmlToText } from "./html-text";

describe("htmlToText", () => {
  test("tags go, entities are decoded once, whitespace collapses; paragraphs and list items end as sentences", () => {
    expect(htmlToText("<p>Soft &amp; warm</p><ul><li>100% cotton</li><li>&lt;b&gt; is text</li></ul>")).toBe(
      "Soft & warm. 100% cotton. <b> is text",
    );
  });

  test("a description's lines never run together (the store card read '… microwave safe Printed all …')", () => {
    expect(htmlToText("<p>Ceramic, microwave safe</p><p>Printed all over.</p>")).toBe(
      "Ceramic, microwave safe. Printed all over.",
    );
    expect(htmlToText("Durable<br>Light<br/>Washable!<br>")).toBe("Durable. Light. Washable!");
    expect(htmlToText("<p>Questions?</p><p>Ask us</p>")).toBe("Questions? Ask us");
    expect(htmlToText("<p><b>Bold</b> start</p>")).toBe("Bold start");
    expect(htmlToText("<p></p><p>  </p>")).toBe("");
  });
  test("a double-escaped entity stays escaped once (no second decoding)", () => {
    expect(htmlToText("&amp;lt;script&amp;gt;")).toBe("&lt;script&gt;");
  });
});
