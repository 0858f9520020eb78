// The inline script that applies the saved theme before first paint (DocumentHead), and its hash for the
// Content-Security-Policy: Astro hashes the scripts it bundles itself, but not `is:inline` ones.
import { createHash } from "node:crypto";

export const THEME_SCRIPT = `try {
  var saved = localStorage.getItem("theme");
  document.documentElement.dataset.theme = saved === "light" || saved === "dark" ? saved : "dark";
} catch (e) {}`;

export const THEME_SCRIPT_HASH = `sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}` as const;
