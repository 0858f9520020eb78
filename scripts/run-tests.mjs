// `npm test`: builds the site, type-checks, runs the API tests on PGlite and on a fresh PostgreSQL database, then the
// Playwright journeys in Debian Chromium — on one server, then on two server processes behind a round-robin proxy —
// and closes with one honest line: "N passed, N failed[, N skipped]".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import net from "node:net";

/** Counts test cases in a JUnit XML file written by `bun test --reporter=junit`. */
function countJunit(file) {
  if (!existsSync(file)) return null;
  const xml = readFileSync(file, "utf8");
  const cases = xml.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? [];
  let failed = 0,
    skipped = 0;
  for (const c of cases) {
    if (/<(failure|error)\b/.test(c)) failed++;
    else if (/<skipped\b/.test(c)) skipped++;
  }
  return { passed: cases.length - failed - skipped, failed, skipped };
}

/** Counts Playwright results from its JSON reporter. */
function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

function postgresReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function runAllTests({ root, bun, run, build, env, args }) {
  const resultsDir = join(root, "test-results");
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const suites = [];

  console.log("\n▶ Building the site");
  build();

  console.log("\n▶ Type check (tsc --noEmit)");
  const typecheck = run(join(root, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], { env, allowFail: true });
  suites.push({ name: "typecheck", passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1, skipped: 0 });

  console.log("\n▶ Lint and format check (biome check)");
  const lint = run(join(root, "node_modules/.bin/biome"), ["check", "."], { env, allowFail: true });
  suites.push({ name: "lint", passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1, skipped: 0 });

  const bunSuite = (name, extraEnv) => {
    console.log(`\n▶ API and unit tests on ${name}`);
    const outfile = join(resultsDir, `bun-${name}.xml`);
    const code = run(bun, ["test", "--timeout", "60000", "--reporter=junit", `--reporter-outfile=${outfile}`], {
      env: { ...env, ...extraEnv },
      allowFail: true,
    });
    const counts = countJunit(outfile) ?? { passed: 0, failed: 1, skipped: 0 };
    // A crashed runner that wrote no failure still counts as a failure.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    suites.push({ name: `bun test (${name})`, ...counts });
  };

  bunSuite("pglite", { TEST_DATABASE: "pglite" });

  const pgUrl = env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  if (args.includes("--no-postgres")) {
    console.log("\n(skipping PostgreSQL: --no-postgres)");
  } else if (await postgresReachable(pgUrl)) {
    bunSuite("postgres", { TEST_DATABASE: "postgres", TEST_POSTGRES_URL: pgUrl });
  } else {
    console.error(`\n✗ PostgreSQL is not reachable at ${pgUrl}: start it, set TEST_POSTGRES_URL, or pass --no-postgres`);
    suites.push({ name: "bun test (postgres)", passed: 0, failed: 1, skipped: 0 });
  }

  const playwright = (name, results, extraEnv) => {
    const code = run(join(root, "node_modules/.bin/playwright"), ["test"], { env: { ...env, ...extraEnv }, allowFail: true });
    const counts = countPlaywright(join(resultsDir, results)) ?? { passed: 0, failed: 1, skipped: 0 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    suites.push({ name, ...counts });
  };
  if (args.includes("--no-e2e")) {
    console.log("\n(skipping Playwright: --no-e2e)");
  } else {
    console.log("\n▶ Playwright journeys in Chromium");
    playwright("playwright", "e2e-results.json", {});
    // The same journeys against two server processes on one PostgreSQL and one S3-compatible bucket behind a
    // round-robin proxy (e2e/support/cluster.ts): nothing may depend on which process a request reaches.
    if (args.includes("--no-postgres")) {
      console.log("\n(skipping Playwright on two processes: --no-postgres)");
    } else {
      console.log("\n▶ Playwright journeys in Chromium, two server processes on PostgreSQL + S3 behind a round-robin proxy");
      playwright("playwright (2 processes)", "e2e-results-cluster.json", { E2E_CLUSTER: "1", TEST_POSTGRES_URL: pgUrl });
    }
  }

  const total = suites.reduce(
    (t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log("\nSummary");
  for (const s of suites) console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}
