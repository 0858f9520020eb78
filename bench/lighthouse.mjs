// Lighthouse (mobile, simulated throttling: what PageSpeed reports) over the running site, in Debian's Chromium.
// Runs under Node, not Bun: Lighthouse drives Chrome through puppeteer and wants Node's own runtime.
//   node bench/lighthouse.mjs --base http://127.0.0.1:3000                 five public pages, dark theme, median of 3
//   node bench/lighthouse.mjs --base http://127.0.0.1:3000 --all --runs 1  every page kind (public, member, admin) in
//                                                                          both themes: decision 017's sweep
//   … --all --only /admin/merchandise                                      the pages of the sweep whose path has it
// --json prints one JSON line per page instead of the table (bench/index.ts reads it). The demo accounts sign in for
// the member and admin pages, so the site must hold the demo data (npm start or SEED_DEMO_DATA=true).
import { ensureBenchDependencies } from "./dependencies.mjs";
import { METRICS, metricsText } from "./lighthouse-metrics.mjs";

// Installed on first use (bench/package.json), so imported only after that.
ensureBenchDependencies();
const { default: lighthouse } = await import("lighthouse");
const { default: puppeteer } = await import("puppeteer-core");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const base = option("--base", "http://127.0.0.1:3000").replace(/\/$/, "");
const runs = Number(option("--runs", "3"));
const all = args.includes("--all");
const asJson = args.includes("--json");
const only = option("--only", "");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/**
 * Pages that ask search engines to stay away (robots.txt and `noindex`: a member's or the admin's screens, token
 * links). Lighthouse's SEO category counts that as a failed audit ("is-crawlable"), so these pages are held to every
 * other SEO audit instead of to the category's score.
 */
const PRIVATE = /^\/(admin|profile|subscriptions|my-applications|dashboard|reset-password|verify-email|payments)(\/|$)/;

async function firstId(list) {
  const res = await fetch(`${base}/api/${list}`);
  if (!res.ok) throw new Error(`GET /api/${list}: ${res.status}`);
  const body = await res.json();
  return (body.items ?? body)[0]?.id ?? null;
}

async function signIn(usernameOrEmail, password) {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ usernameOrEmail, password }),
  });
  if (!res.ok) throw new Error(`signing in as ${usernameOrEmail}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  const [name, value] = cookie.split(";")[0].split("=");
  return { name, value, url: base };
}

const [challenge, project, resource, product] = await Promise.all(
  ["challenges", "projects", "resources", "merchandise"].map(firstId),
);
if (!challenge) throw new Error("GET /api/challenges lists nothing: is the demo data there?");
/** What `npm run bench` reports (decision 017): the four pages measured from the start, and the store. */
const FIVE = ["/", "/challenges", `/challenges/${challenge}`, "/resources", "/login"];
const pages = all
  ? [
      ...[
        "/",
        "/challenges",
        `/challenges/${challenge}`,
        "/projects",
        ...(project ? [`/projects/${project}`] : []),
        "/resources",
        ...(resource ? [`/resources/${resource}`] : []),
        "/merchandise",
        // Production without a Printify token has no catalogue (the demo one is seeded in development only).
        ...(product ? [`/merchandise/${product}`] : []),
        "/privacy",
        "/terms",
        "/contact",
        "/login",
        "/register",
        "/forgot-password",
        "/reset-password/not-a-real-token",
      ].map((path) => ({ path, as: null })),
      ...["/profile", "/subscriptions", "/my-applications", "/dashboard"].map((path) => ({ path, as: "member" })),
      ...["", "/challenges", "/projects", "/resources", "/users", "/merchandise", "/orders", "/invoices", "/operations"].map(
        (path) => ({ path: `/admin${path}`, as: "admin" }),
      ),
    ]
  : FIVE.map((path) => ({ path, as: null }));
if (only) pages.splice(0, pages.length, ...pages.filter(({ path }) => path.includes(only)));
const themes = all ? ["dark", "light"] : ["dark"];
const sessions = all
  ? { member: await signIn("member", "member-demo-1234"), admin: await signIn("admin", "admin-demo-1234") }
  : {};

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** Lighthouse could not measure the load (its "Please run Lighthouse again" errors, e.g. NO_NAVSTART). */
class RunFailed extends Error {}

/** One Lighthouse run, run again (twice at most) when Lighthouse failed to record it. */
async function audit(path, as, theme) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(path, as, theme);
    } catch (e) {
      if (!(e instanceof RunFailed) || attempt === 3) throw e;
      console.error(`${e.message}: running it again`);
    }
  }
}

/** One Lighthouse run: the four scores and the audits that did not pass. */
async function auditOnce(path, as, theme) {
  const page = await browser.newPage();
  try {
    // The theme a returning visitor chose (localStorage "theme", SPEC §1), set before the page's own script reads it.
    await page.evaluateOnNewDocument((t) => localStorage.setItem("theme", t), theme);
    if (as) await browser.setCookie(sessions[as]);
    else await browser.deleteCookie(...Object.values(sessions));
    const result = await lighthouse(
      `${base}${path}`,
      { output: "json", logLevel: "error", disableStorageReset: true, onlyCategories: CATEGORIES },
      undefined,
      page,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new RunFailed(`${path}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));
    // Scored audits that did not pass, by the category that weighs them.
    const failing = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => ({ category: c.id, audit: lhr.audits[r.id] })))
      .filter(({ audit }) => audit.score !== null && audit.score < 1)
      .map(({ category, audit }) => `${category}:${audit.id}`);
    // The timings the performance score is made of, and this machine's CPU benchmark: simulated throttling scales what
    // it observes here, so the same page scores lower on a slower machine (the index says how much slower).
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? 0]));
    return { scores, failing, metrics, benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0 };
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const rows = [];
if (!asJson) {
  console.log(`Lighthouse ${runs > 1 ? `(median of ${runs}) ` : ""}mobile: performance, accessibility, best practices, SEO`);
  console.log(`${"theme".padEnd(6)}${"as".padEnd(8)}${"page".padEnd(46)}${" perf a11y   bp  seo"}  audits not passed`);
}
try {
  for (const theme of themes) {
    for (const { path, as } of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await audit(path, as, theme));
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]));
      const failing = [...new Set(results.flatMap((r) => r.failing))];
      // A private page passes SEO when "is-crawlable" (its own noindex) is the only SEO audit it fails.
      const notIndexable = PRIVATE.test(path) && failing.filter((f) => f.startsWith("seo:")).join() === "seo:is-crawlable";
      const metrics = Object.fromEntries(
        Object.values(METRICS).map((name) => [name, median(results.map((r) => r.metrics[name]))]),
      );
      const benchmarkIndex = median(results.map((r) => r.benchmarkIndex));
      const row = { path, as: as ?? "visitor", theme, scores, failing, notIndexable, metrics, benchmarkIndex };
      rows.push(row);
      if (asJson) console.log(JSON.stringify(row));
      else {
        const cells = CATEGORIES.map((id) => `${scores[id]}${id === "seo" && notIndexable ? "*" : ""}`.padStart(5)).join("");
        console.log(`${theme.padEnd(6)}${row.as.padEnd(8)}${path.slice(0, 44).padEnd(46)}${cells}  ${failing.join(" ")}`);
        if (scores.performance < 100)
          console.log(`${"".padEnd(14)}median ${metricsText(metrics)}, CPU benchmark ${benchmarkIndex}`);
      }
    }
  }
} finally {
  await browser.close();
}

if (!asJson) {
  const perfect = (r) => CATEGORIES.every((id) => r.scores[id] === 100 || (id === "seo" && r.notIndexable));
  console.log(
    `\n${rows.filter(perfect).length} of ${rows.length} at 100 in every category (* SEO: kept out of search on purpose, robots.txt` +
      " and noindex; every other SEO audit passes)",
  );
}
