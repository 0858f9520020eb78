// Astro builds the site from site/ into dist/ (client assets + a server bundle that server/front.ts mounts).
import { defineConfig, passthroughImageService } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import bunFront from "./site/adapter/index.mjs";
import { CACHED_PAGES } from "./api/src/lib/page-tags.ts";

// In `npm run dev` the API listens on its own loopback port in the dev process (scripts/dev.ts); Astro's dev server
// proxies /api to it.
const apiDevPort = process.env.API_DEV_PORT ?? "3001";
// `astro dev` injects inline scripts (island hydration, Vite's client) that its hash list does not cover, so its CSP
// would block every island: no CSP under the dev server (which `npm run dev` starts from scripts/dev.ts, so the
// command line does not say "dev": Astro does). Builds keep it; e2e/audits/csp.e2e.ts checks the built site.
const noPolicyInDev = {
  name: "no-csp-in-dev",
  hooks: {
    "astro:config:setup": ({ command, updateConfig }) => {
      if (command === "dev") updateConfig({ security: { csp: false } });
    },
  },
};

export default defineConfig({
  srcDir: "./site/src",
  publicDir: "./site/public",
  outDir: "./dist",
  output: "server",
  adapter: bunFront(),
  integrations: [react(), noPolicyInDev],
  server: { port: 4321, host: "127.0.0.1" },
  devToolbar: { enabled: false },
  // Anonymous public pages come from the route cache (server/page-cache.ts; docs/decisions/015-page-cache.md): which
  // ones, for how long and tagged with what they show is api/src/lib/page-tags.ts. Not in `astro dev`.
  cache: { provider: { name: "platform-pages", entrypoint: "./server/page-cache.ts" } },
  routeRules: CACHED_PAGES,
  // Astro 7's default, "jsx", drops a line break between a word and an inline element ("see our" + newline +
  // <a>Privacy Policy</a> renders "see ourPrivacy Policy"), as JSX does. `true` collapses whitespace losslessly:
  // a run with a line break becomes one space, never nothing (server/page-text.test.ts).
  compressHTML: true,
  // Images are served as they are (demo SVGs, provider CDNs); no sharp on the server.
  image: { service: passthroughImageService() },
  security: {
    // Our Bun front checks Origin for the API itself (decision 004); Astro's own check covers its form actions.
    checkOrigin: true,
    // Astro hashes, at build time, every inline script it emits and sends those hashes with each page it renders;
    // the Bun front builds the real Content-Security-Policy (api/src/lib/csp.ts) and allows only inline scripts
    // Astro vouched for. Styles may be inline (see csp.ts), so Astro need not hash them.
    csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } },
  },
  // No Markdown in the site. Astro warns that Shiki's inline styles break a CSP, which ours allows anyway.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
    // React, React DOM, its scheduler and JSX runtime load together on every island page and nowhere else: one file
    // rather than three saves ~0.6 KB gzipped a page (decision 017; server/js-budget.test.ts).
    build: {
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
      },
    },
    resolve: { alias: { "@api": fileURLToPath(new URL("./api/src", import.meta.url)) } },
    // Vite serves the API's contract modules (imported by islands) at their source paths, /api/src/…: those must
    // not be proxied, or no island loads in dev. Everything else under /api is the API.
    server: {
      proxy: { "^/api(?!/src/)(/|$)": `http://127.0.0.1:${apiDevPort}` },
      // Not the site's sources: the embedded database the dev API writes to all the time, build output, test output.
      watch: { ignored: ["**/.data/**", "**/dist/**", "**/playwright/**", "**/test-results/**", "**/e2e/**", "**/docs/**"] },
    },
  },
});
