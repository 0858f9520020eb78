// `npm run dev`: Astro's dev server and the API in one Bun process (decision 001, "Development"), run by
// `bun --watch`. A page or island edit reaches the browser through Vite (hot reload, no restart: Vite loads the site's
// modules itself); an edit to anything Bun imported (the API, server/, this file) restarts the process in place.
// Astro's dev server proxies /api to the API's own loopback port (astro.config.mjs), and its pages fetch the API there
// (site/src/middleware.ts), exactly as the browser does.
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const devPort = Number(process.env.DEV_PORT ?? 4321);
const apiPort = process.env.API_DEV_PORT ?? "3001";

// Before anything reads them (the imports below are dynamic for that reason). NODE_ENV is development whatever .env
// says: the dev CSP and the loopback origins depend on it.
Object.assign(process.env, {
  NODE_ENV: "development",
  ASTRO_TELEMETRY_DISABLED: "1",
  API_DEV_PORT: apiPort,
  PORT: apiPort,
  HOST: "127.0.0.1",
  SITE_URL: `http://127.0.0.1:${devPort}`,
});

const { dev } = await import("astro");
const { printReadyLine, runServer } = await import("../server/main");

// Both start at once: Astro's dev server is up in about two seconds, while a first start creates and seeds the
// database. A page asked for before the API listens waits for it (site/src/middleware.ts).
const site = dev({ root, server: { port: devPort, host: "127.0.0.1" } });
await runServer({ apiOnly: true, readyLine: false });
await site;
await printReadyLine();
