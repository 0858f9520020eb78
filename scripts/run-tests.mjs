// `npm test`: builds the site, type-checks, lints, runs the API tests on PGlite and on a fresh PostgreSQL database,
// and the Playwright journeys and audits in Debian Chromium on one server and the journeys again on two server
// processes behind a round-robin proxy, in lanes side by side (runAllTests). Closes with one honest line:
// "N passed, N failed[, N skipped]".
import { spawn } from "node:child_process";
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
  const failures = [];
  for (const c of cases) {
    if (/<(failure|error)\b/.test(c)) {
      failed++;
      const attr = (name) => unescapeXml(c.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? "");
      const message = unescapeXml(c.match(/<(?:failure|error)\b[^>]*\bmessage="([^"]*)"/)?.[1] ?? "");
      const where = [`${attr("file")}:${attr("line")}`, attr("classname"), attr("name")].filter(Boolean).join(" › ");
      failures.push(`${where}${message ? ` — ${briefly(message)}` : ""}`);
    } else if (/<skipped\b/.test(c)) skipped++;
  }
  return { passed: cases.length - failed - skipped, failed, skipped, failures };
}

/** A failure message's first lines on one line, without colour codes: enough to know which assertion broke. */
function briefly(message) {
  const lines = message
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.slice(0, 3).join(" / ").slice(0, 300);
}

function unescapeXml(text) {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#10;/g, "\n")
    .replace(/&amp;/g, "&");
}

/** Counts Playwright results from its JSON reporter. */
function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const s = report.stats ?? {};
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.at(-1)?.error?.message ?? "";
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}${error ? ` — ${briefly(error)}` : ""}`);
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.file === child.file && child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, failures };
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

/**
 * Server errors no test took on purpose (tests that cause one take its line with expectFaultLogged, api/test/logs.ts):
 * named after the summary, so a green run that logged a 500 somewhere says so.
 */
const unhandledErrors = [];

/**
 * A lane runs its commands one after the other, each line of their output under the lane's prefix (the two lanes'
 * lines interleave; a prefix says whose each is).
 */
function makeLane(root, name) {
  const prefix = `[${name}] `;
  const pipe = (stream, target) => {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (line.includes('"msg":"unhandled error"')) unhandledErrors.push(`${prefix}${line.slice(0, 300)}`);
        target.write(`${prefix}${line}\n`);
      }
    });
    stream.on("end", () => rest && target.write(`${prefix}${rest}\n`));
  };
  return {
    run(cmd, args, env) {
      console.log(`\n${prefix}▶ ${[cmd.split("/").pop(), ...args].join(" ")}`);
      return new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
        pipe(child.stdout, process.stdout);
        pipe(child.stderr, process.stderr);
        child.on("error", (error) => {
          console.error(`${prefix}✗ ${error.message}`);
          resolve(1);
        });
        child.on("close", (code) => resolve(code ?? 1));
      });
    },
  };
}

export async function runAllTests({ root, bun, build, env, args }) {
  const resultsDir = join(root, "test-results");
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const suites = [];

  console.log("\n▶ Building the site");
  build();

  // The type check and the lint run beside the tests (a lane of their own): before them, they kept one core idle for
  // the type check's 20–30 s.
  const checksLane = makeLane(root, "checks");
  const check = async (name, cmd, args) => {
    const code = await checksLane.run(join(root, "node_modules/.bin", cmd), args, env);
    return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  };
  const checks = (async () => [
    await check("typecheck", "tsc", ["--noEmit", "-p", "."]),
    await check("lint", "biome", ["check", "."]),
  ])();

  const pgUrl = env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const withPostgres = !args.includes("--no-postgres");
  const withE2e = !args.includes("--no-e2e");
  const postgresUp = withPostgres && (await postgresReachable(pgUrl));

  const bunSuite = async (lane, name, extraEnv) => {
    const outfile = join(resultsDir, `bun-${name}.xml`);
    const args = ["test", "--timeout", "60000", "--reporter=junit", `--reporter-outfile=${outfile}`];
    const code = await lane.run(bun, args, { ...env, ...extraEnv });
    const counts = countJunit(outfile) ?? { passed: 0, failed: 1, skipped: 0 };
    // A crashed runner that wrote no failure still counts as a failure.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return { name: `bun test (${name})`, ...counts };
  };
  const playwright = async (lane, name, results, extraEnv) => {
    // No traces: recording one for every test costs a third of the browser's CPU, and four lanes share two cores.
    const code = await lane.run(join(root, "node_modules/.bin/playwright"), ["test", "--trace", "off"], { ...env, ...extraEnv });
    const counts = countPlaywright(join(resultsDir, results)) ?? { passed: 0, failed: 1, skipped: 0 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    return { name, ...counts };
  };

  // Two chains on two cores (and the checks beside them), each starting its next step as soon as its own last one
  // ends, in five lanes (their lines interleave under their prefixes):
  //   pglite:   the API tests on PGlite, then the Playwright journeys on one server (E2E_PART=journeys, port 4477)
  //   audits:   after the PGlite API tests too, beside the journeys: axe, CSP, theme, keyboard, layout shift, the dev
  //             server's smoke test and the store against a fake Printify (E2E_PART=audits, 4677)
  //   postgres: the API tests on a fresh PostgreSQL database, then the journeys again on two server processes on one
  //             PostgreSQL database and one S3-compatible bucket behind a round-robin proxy (e2e/support/cluster.ts,
  //             4577): nothing may depend on which process a request reaches
  // Every Playwright pass has its own server(s), database, ports, output dir and saved sessions, one worker and one
  // browser: its journeys run in order as they would alone. The lanes keep both cores busy (a Playwright pass alone
  // takes 1.5 of them), so the suite's length is its CPU. Starting the audits after the PostgreSQL API tests instead,
  // beside the PGlite ones, was tried (2026-11-27): no shorter (20.3 and 22.1 min against 21.2), and the audits,
  // starved by three other lanes, timed out twice (a Printify sync past its 30 s, a throttled page past 60 s). Tests
  // that time something compare ratios (known vs unknown addresses) or bounds that load only loosens (Printify's
  // pacing), never the milliseconds of a quiet machine.
  const e2e = (lane, part, port) =>
    playwright(makeLane(root, lane), `playwright (${part})`, `e2e-results-${part}.json`, { E2E_PORT: port, E2E_PART: part });
  const pgliteChain = (async () => {
    const api = await bunSuite(makeLane(root, "pglite"), "pglite", { TEST_DATABASE: "pglite" });
    if (!withE2e) return [api];
    return [api, ...(await Promise.all([e2e("e2e", "journeys", "4477"), e2e("e2e-audits", "audits", "4677")]))];
  })();
  const chains = [checks, pgliteChain];
  if (!withE2e) console.log("\n(skipping Playwright: --no-e2e)");
  if (!withPostgres) {
    console.log("\n(skipping PostgreSQL and the two-process Playwright pass: --no-postgres)");
  } else if (!postgresUp) {
    console.error(`\n✗ PostgreSQL is not reachable at ${pgUrl}: start it, set TEST_POSTGRES_URL, or pass --no-postgres`);
    suites.push({ name: "bun test (postgres)", passed: 0, failed: 1, skipped: 0 });
  } else {
    chains.push(
      (async () => {
        // A test that starts servers or CLIs of its own on PGlite whatever the database skips itself here
        // (`skipIf(process.env.TEST_DATABASE === "postgres")` in its file): the PGlite pass has run it.
        const api = await bunSuite(makeLane(root, "postgres"), "postgres", {
          TEST_DATABASE: "postgres",
          TEST_POSTGRES_URL: pgUrl,
        });
        if (!withE2e) return [api];
        const cluster = await playwright(makeLane(root, "e2e-2p"), "playwright (2 processes)", "e2e-results-cluster.json", {
          E2E_CLUSTER: "1",
          E2E_PORT: "4577",
          TEST_POSTGRES_URL: pgUrl,
        });
        return [api, cluster];
      })(),
    );
  }
  suites.push(...(await Promise.all(chains)).flat());

  const total = suites.reduce(
    (t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log("\nSummary");
  for (const s of suites) {
    console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
    // The failing tests' names close the log beside the counts: a CI log is often read from its tail only.
    for (const failure of s.failures ?? []) console.log(`    ✗ ${failure}`);
  }
  if (unhandledErrors.length > 0) {
    console.log(`\n${unhandledErrors.length} "unhandled error" lines were logged (a 500 no test expected):`);
    for (const line of unhandledErrors.slice(0, 10)) console.log(`    ${line}`);
  }
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}
