// A team's text entry shown as Markdown (decision 019): the usual formatting renders, and anything a hostile team
// types — a script, an event handler, a javascript: link — reaches the page as text, never as markup or a live link.
import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown, { safeHref } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("Markdown", () => {
  test("headings, lists, emphasis, code and http(s) links render", () => {
    const out = html(
      "# Our idea\n\nLess **litter**, more *fish*.\n\n- one\n- two\n\n1. first\n\nSee [the demo](https://example.org/demo) and `npm start`.",
    );
    expect(out).toContain('<h3 class="text-xl font-bold">Our idea</h3>');
    expect(out).toContain("<strong>litter</strong>");
    expect(out).toContain("<em>fish</em>");
    expect(out).toContain('<ul class="ml-5 list-disc"><li>one</li><li>two</li></ul>');
    expect(out).toContain('<ol class="ml-5 list-decimal"><li>first</li></ol>');
    expect(out).toContain(
      '<a href="https://example.org/demo" rel="nofollow noopener noreferrer" target="_blank" class="link">the demo</a>',
    );
    expect(out).toContain("<code>npm start</code>");
  });

  test("a script, an onerror= image and raw HTML are shown as text, never as elements", () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n**<b onclick=alert(3)>x</b>**');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b ");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  test("a javascript:, data: or vbscript: link stays plain text; only http(s) and mailto become links", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"]) {
      const out = html(`[click](${href})`);
      expect(out).not.toContain("<a");
      expect(out).toContain("[click]");
    }
    expect(safeHref(" javascript:alert(1)")).toBeNull();
    expect(safeHref("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeHref("mailto:team@example.org")).toBe("mailto:team@example.org");
    expect(html("Visit https://example.org/x now")).toContain('<a href="https://example.org/x"');
  });
});
