// What a visitor's browser downloads to run a built page: every script the page references (inline, <script src>,
// modulepreload, island component and renderer URLs) and everything those import, each gzipped (level 9) as it is
// served, summed. Shared by server/js-budget.test.ts (the budgets) and `npm run bench` (a row of its goals table).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The built site (server/front.ts serves the same directory); kept here so the bench can count without the app. */
const DIST_DIR = join(import.meta.dir, "../../dist");

const attr = (name: string) => new RegExp(`${name}="([^"]+)"`, "g");
const IMPORTS = /(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']|import\(\s*["']([^"']+\.js)["']\s*\)/g;

/** Every script file a page can run, following imports inside the bundles; plus its inline scripts. */
export function scriptsOf(html: string) {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
  const entries = new Set<string>();
  for (const pattern of [
    /<script[^>]*\bsrc="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    attr("component-url"),
    attr("renderer-url"),
    attr("before-hydration-url"),
  ]) {
    for (const m of html.matchAll(pattern)) entries.add(m[1]!);
  }
  for (const code of inline) for (const m of code.matchAll(IMPORTS)) entries.add((m[1] ?? m[2])!);
  const files = new Set<string>();
  const visit = (url: string) => {
    const path = new URL(url, "http://site/").pathname;
    if (!path.endsWith(".js") || files.has(path)) return;
    files.add(path);
    const code = readFileSync(join(DIST_DIR, "client", path), "utf8");
    for (const m of code.matchAll(IMPORTS)) visit(new URL((m[1] ?? m[2])!, `http://site${path}`).pathname);
  };
  for (const url of entries) visit(url);
  return { inline, files: [...files] };
}

export const gzipped = (text: string | Buffer) => gzipSync(text, { level: 9 }).byteLength;

/** A built page's scripts, gzipped one by one (as they are served) and summed. */
export function scriptBytes(html: string) {
  const { inline, files } = scriptsOf(html);
  const bytes =
    inline.reduce((sum, code) => sum + gzipped(code), 0) +
    files.reduce((sum, f) => sum + gzipped(readFileSync(join(DIST_DIR, "client", f))), 0);
  return { inline, files, bytes };
}
