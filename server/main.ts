// The server's entry: validate config, open the database (migrate, seed when empty), serve, and shut down cleanly.
// `bun server/main.ts` is production (`npm start`); `--api-only` serves the API alone (tests). `npm run dev` calls
// runServer from scripts/dev.ts, in the same process as Astro's dev server.
// Modules load after the config check so that a bad setting ends in one clear line, not a stack trace.

type ServerOptions = {
  /** Serve the API alone: `astro dev` (scripts/dev.ts) or a test serves the pages, or none are needed. */
  apiOnly: boolean;
  /** Print the one line a person reads among the JSON logs (`npm start`, `npm run dev`) once serving. */
  readyLine: boolean;
};

export async function runServer({ apiOnly, readyLine }: ServerOptions) {
  let env: typeof import("../api/src/env").env;
  try {
    ({ env } = await import("../api/src/env"));
    // Development's own secrets are read now, or generated on its first start (env.ts): a damaged secrets file stops
    // start-up here, in one line.
    void [env.SESSION_SECRET, env.LOCAL_WEBHOOK_SECRET];
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }

  const { log } = await import("../api/src/lib/logger");
  const { getDatabase, closeDatabase } = await import("../api/src/db/client");
  const { startJobs, stopJobs } = await import("../api/src/jobs/jobs");
  const { loadAstroApp, startServer } = await import("./front");

  // The built site loads while the database opens (a restart's two slowest steps).
  const astroLoading = apiOnly ? undefined : loadAstroApp();
  astroLoading?.catch(() => {}); // reported below, after the database
  let database: Awaited<ReturnType<typeof getDatabase>>;
  try {
    // The first open decides: an empty database gets the demo data when SEED_DEMO_DATA (development by default).
    const seedWhenEmpty = env.SEED_DEMO_DATA ? (await import("../api/src/cli/demo-seed")).seedDemo : undefined;
    database = await getDatabase({ seedWhenEmpty });
  } catch (e) {
    log.error("could not open the database", { err: e });
    process.exit(1);
  }
  // The job queue on the same database (pg-boss in its own `pgboss` schema, created or migrated on first start): every
  // process runs every registered handler (decision 011). Handlers registered later (modules loaded lazily) join it.
  try {
    await startJobs();
  } catch (e) {
    log.error("could not start the job queue", { err: e });
    process.exit(1);
  }
  const astro = await astroLoading;
  // Several processes on one PostgreSQL: each hears which pages the others' writes changed (api/src/db/page-changes.ts).
  const pageListener =
    astro && database.kind === "postgres" && env.DATABASE_URL
      ? (await import("../api/src/db/page-changes")).listenForPageChanges(env.DATABASE_URL)
      : undefined;
  // Pages are served once this process hears the others' writes (bounded: a listener still connecting keeps trying,
  // and until then this process's kept pages go stale for at most their max-age).
  if (pageListener && !(await Promise.race([pageListener.listening.then(() => true), Bun.sleep(10_000).then(() => false)])))
    log.warn("the page cache listener is not connected yet; serving anyway");
  // At rest, the memory of the last burst goes back to the OS (decision 003, "At rest"); not in development, where a
  // reload would recompile everything.
  const { shrinkFootprint, trimWhenIdle } = await import("./idle-trim");
  const idleTrim =
    env.IDLE_TRIM_SECONDS > 0 && !apiOnly
      ? trimWhenIdle({
          idleMs: env.IDLE_TRIM_SECONDS * 1000,
          trim: () => shrinkFootprint((rssMbBefore, rssMb) => log.info("at rest: memory given back", { rssMbBefore, rssMb })),
        })
      : undefined;
  const server = startServer({ port: env.PORT, hostname: env.HOST, astro, onRequest: idleTrim?.request });
  log.info("listening", { url: `http://${env.HOST}:${server.port}`, siteUrl: env.SITE_URL, database: database.kind });
  if (readyLine) await printReadyLine();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Stop accepting connections and let in-flight requests finish (bounded), then the jobs running here (bounded:
    // one cut short runs again elsewhere or after a restart), then close the database.
    idleTrim?.stop();
    const drained = server.stop(false);
    const timedOut = await Promise.race([drained.then(() => false), Bun.sleep(env.SHUTDOWN_GRACE_MS).then(() => true)]);
    if (timedOut) {
      log.warn("in-flight requests did not finish in time; closing anyway", { graceMs: env.SHUTDOWN_GRACE_MS });
      server.stop(true);
    }
    await stopJobs(env.SHUTDOWN_GRACE_MS);
    await pageListener?.stop();
    await closeDatabase();
    log.info("stopped");
    process.exit(0);
  }

  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // An operator's (and the soak bench's) memory probe: `kill -USR2 <pid>` runs a full collection and logs what remains,
  // so a reading of the resident size means live memory, not garbage waiting for the collector.
  process.on("SIGUSR2", () => {
    Bun.gc(true);
    const { rss, heapUsed } = process.memoryUsage();
    log.warn("memory after a full collection", { rssMb: Math.round(rss / 2 ** 20), heapMb: Math.round(heapUsed / 2 ** 20) });
  });
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** The line a person reads among the JSON logs: where the site is and, with demo data, how to sign in. */
export async function printReadyLine() {
  const { env } = await import("../api/src/env");
  const lines = [`\n✓ InnovateHub is ready: ${env.SITE_URL}`];
  if (env.SEED_DEMO_DATA) {
    const { DEMO_ACCOUNTS } = await import("../api/src/cli/seed");
    const { username, password } = DEMO_ACCOUNTS.admin;
    lines.push(
      `  Demo sign-in: ${username} / ${password}  (more accounts in README; \`npm run db:reset\` restores the demo data)`,
    );
  }
  lines.push("  Stop with Ctrl+C.\n");
  console.log(lines.join("\n"));
}

if (import.meta.main)
  await runServer({ apiOnly: process.argv.includes("--api-only"), readyLine: process.argv.includes("--ready-line") });
