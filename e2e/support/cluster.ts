// The app as several instances run it, for `E2E_CLUSTER=1 playwright test`: two server processes on one fresh
// PostgreSQL database and one S3-compatible bucket (s3rver), behind a round-robin proxy on PORT, so every journey's
// requests alternate between processes. Started by Playwright as a web server (under Bun); the app's own settings come
// in through the environment, as for a single server. On SIGTERM/SIGINT: stops the processes and the bucket and drops
// the database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { freePort } from "../../api/test/served-site";

const INSTANCES = 2;
const BUCKET = "e2e-uploads";
const root = join(import.meta.dir, "../..");
const port = Number(process.env.PORT);
const adminUrl = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const log = (message: string) => console.log(`[cluster :${port}] ${message}`);

// A database of its own; ones left by a run that was killed (no chance to drop them) are dropped first.
const name = `e2e_cluster_${port}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const { rows: stale } = await admin.query<{ datname: string }>(
  "SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2",
  [`e2e\\_cluster\\_${port}\\_%`, name],
);
for (const { datname } of stale) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;

const s3Dir = mkdtempSync(join(tmpdir(), "e2e-s3-"));
const s3 = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
const { port: s3Port } = (await s3.run()) as unknown as { port: number };

const backends: string[] = [];
const procs: ReturnType<typeof Bun.spawn>[] = [];
for (let i = 0; i < INSTANCES; i++) {
  const backendPort = await freePort();
  backends.push(`http://127.0.0.1:${backendPort}`);
  procs.push(
    Bun.spawn([process.execPath, "server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(backendPort),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl.toString(),
        PGLITE_DATA_DIR: "",
        // The proxy below is the one hop: the visitor's address comes from its X-Forwarded-For.
        TRUST_PROXY: "true",
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_REGION: "us-east-1",
      },
      stdout: "inherit",
      stderr: "inherit",
    }),
  );
}

let stopping = false;
/** Requests each process answered: printed at the end, so a run shows that its journeys did cross processes. */
const served = backends.map(() => 0);
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  log(`requests answered per process: ${served.join(", ")}`);
  for (const proc of procs) proc.kill("SIGTERM");
  await Promise.all(procs.map((proc) => proc.exited));
  await s3.close().catch(() => {});
  rmSync(s3Dir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
for (const proc of procs) {
  void proc.exited.then((code) => {
    if (!stopping) {
      log(`a server process exited (${code}): stopping the cluster`);
      void stop(1);
    }
  });
}

for (const backend of backends) {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${backend}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) {
      log(`${backend} did not become ready`);
      await stop(1);
    }
    await Bun.sleep(100);
  }
}

// Round robin per request: a page, its API calls and the next click each land on whichever process is next.
let next = 0;
Bun.serve({
  port,
  hostname: "127.0.0.1",
  idleTimeout: 60,
  async fetch(request, server) {
    const index = next++ % backends.length;
    const backend = backends[index]!;
    served[index]!++;
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set("x-forwarded-for", server.requestIP(request)?.address ?? "127.0.0.1");
    try {
      return await fetch(`${backend}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: request.body,
        redirect: "manual",
        // Bodies pass through as the server compressed them (Content-Encoding stays true).
        decompress: false,
      } as RequestInit);
    } catch (err) {
      return new Response(`proxy: ${backend} did not answer (${(err as Error).message})`, { status: 502 });
    }
  },
});
log(`${INSTANCES} processes on ${name}, bucket on :${s3Port}, round robin on http://127.0.0.1:${port}`);
