// One escape rule and one site name for everything the API writes as HTML (e-mails, the OpenAPI page): no copies.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { join } from "node:path";
import { escapeHtml, SITE_NAME } from "./html";

const SRC = join(import.meta.dir, "..");

describe("lib/html", () => {
  test("escapeHtml leaves no markup and no way out of a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("no module keeps its own escapeHtml or spells the site's name (env's MAIL_FROM default aside)", async () => {
    const copies: string[] = [];
    for await (const file of new Glob("**/*.ts").scan(SRC)) {
      if (file.endsWith(".test.ts") || file.startsWith("generated/") || file === "lib/html.ts" || file === "env.ts") continue;
      const text = await Bun.file(join(SRC, file)).text();
      if (/function escapeHtml|const escapeHtml/.test(text)) copies.push(`${file}: escapeHtml`);
      if (text.includes(`"${SITE_NAME}`) || text.includes(`'${SITE_NAME}`)) copies.push(`${file}: "${SITE_NAME}"`);
    }
    expect(copies).toEqual([]);
  });
});
