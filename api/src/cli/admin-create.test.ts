// No demo accounts in production (decision 004): a production start never seeds the public demo admin, and
// `npm run admin:create` makes the first administrator (refusing weak passwords and existing accounts unless
// --promote), run for real.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { DEMO_ACCOUNTS } from "./seed";

const ROOT = join(import.meta.dir, "../../..");
// It starts servers and CLIs of its own on PGlite data directories whatever TEST_DATABASE says: the PGlite pass
// runs it, the PostgreSQL pass skips it (it would test the same thing again).
const skipOnPostgres = process.env.TEST_DATABASE === "postgres";
const SITE_URL = "http://admin-create.test";
const PASSWORD = "first-admin-passphrase";
const scratch = mkdtempSync(join(tmpdir(), "admin-create-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
const freshDataDir = () => join(scratch, `pglite-${++dirs}`);

/**
 * A production deployment's environment, built from nothing so this test run's settings (NODE_ENV=test, the
 * in-memory or PostgreSQL database, SEED_DEMO_DATA=false, the test mailbox) never leak in. Empty means unset to
 * the app, and also keeps a developer's .env from filling these in.
 */
function productionEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? scratch,
    NODE_ENV: "production",
    SESSION_SECRET: "test-only-production-secret-0123456789abcdef",
    SITE_URL,
    DATABASE_URL: "",
    PGLITE_DATA_DIR: dataDir,
    SEED_DEMO_DATA: "",
    SMTP_URL: "",
    MAIL_OUTBOX_DIR: join(scratch, "outbox"),
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** The README's command, through npm as an operator runs it, with `stdin` piped in. */
async function adminCreate(dataDir: string, args: string[], stdin: string) {
  const proc = Bun.spawn(["npm", "run", "--silent", "admin:create", "--", ...args], {
    cwd: ROOT,
    env: productionEnv(dataDir),
    stdin: new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [exitCode, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  return { exitCode, stdout, stderr };
}

async function users(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await database.prisma.user.findMany({
      select: { username: true, email: true, role: true, emailVerified: true },
      orderBy: { username: "asc" },
    });
  } finally {
    await database.close();
  }
}

/** Runs the production entry (API only) on `dataDir` until `work` is done, then stops it with SIGTERM. */
async function withProductionServer(
  dataDir: string,
  work: (login: (user: string, password: string) => Promise<Response>) => Promise<void>,
) {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  const base = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([process.execPath, "server/main.ts", "--api-only"], {
    cwd: ROOT,
    env: productionEnv(dataDir, { PORT: String(port), HOST: "127.0.0.1" }),
    stdout: "ignore",
    stderr: "pipe",
  });
  try {
    let ready = false;
    for (let i = 0; i < 150 && !ready && proc.exitCode === null; i++) {
      ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await Bun.sleep(200);
    }
    if (!ready) throw new Error(`the server did not become ready: ${await new Response(proc.stderr).text()}`);
    await work((usernameOrEmail, password) =>
      fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE_URL },
        body: JSON.stringify({ usernameOrEmail, password }),
      }),
    );
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  } finally {
    proc.kill("SIGKILL");
  }
}

describe.skipIf(skipOnPostgres)("production start", () => {
  test("an empty database gets no demo data: the demo admin cannot sign in", async () => {
    const dir = freshDataDir();
    await withProductionServer(dir, async (login) => {
      const res = await login(DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.admin.password);
      expect(res.status).toBe(401);
    });
    expect(await users(dir)).toEqual([]);
  }, 120_000);
});

describe.skipIf(skipOnPostgres)("npm run admin:create", () => {
  test("creates a verified ADMIN from a piped password on a fresh database, who can then sign in", async () => {
    const dir = freshDataDir();
    const run = await adminCreate(
      dir,
      ["--email", "Owner@Example.com", "--username", "owner", "--first-name", "Olu"],
      `${PASSWORD}\n`,
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("Created administrator owner <owner@example.com>");
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    // Migrations were applied, and only this account exists: the command never seeds demo data.
    expect(await users(dir)).toEqual([{ username: "owner", email: "owner@example.com", role: "ADMIN", emailVerified: true }]);

    await withProductionServer(dir, async (login) => {
      const res = await login("owner@example.com", PASSWORD);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ username: "owner", firstName: "Olu", role: "ADMIN", emailVerified: true });
      expect((await login(DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.admin.password)).status).toBe(401);
    });
  }, 120_000);

  test("a password shorter than the sign-up minimum is refused and nothing is created", async () => {
    const dir = freshDataDir();
    const run = await adminCreate(dir, ["--email", "short@example.com", "--username", "shorty"], "seven77\n");
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("Password must be at least 8 characters long");
    expect(run.stderr).not.toContain("seven77");
    expect(await users(dir)).toEqual([]);
  }, 120_000);

  test("an existing e-mail or username is refused without --promote, and made ADMIN with it", async () => {
    const dir = freshDataDir();
    const database = await openDatabase({ dataDir: dir });
    await database.prisma.user.create({
      data: { username: "member1", email: "member1@example.com", password: "not-a-real-hash" },
    });
    await database.close();

    const refused = await adminCreate(dir, ["--email", "MEMBER1@example.com", "--username", "someone-new"], `${PASSWORD}\n`);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("An account already has this e-mail or username: member1 <member1@example.com>");
    expect(refused.stderr).toContain("--promote");
    const byName = await adminCreate(dir, ["--email", "other@example.com", "--username", "Member1"], `${PASSWORD}\n`);
    expect(byName.exitCode).toBe(1);
    expect(await users(dir)).toEqual([{ username: "member1", email: "member1@example.com", role: "USER", emailVerified: false }]);

    const promoted = await adminCreate(dir, ["--email", "member1@example.com", "--username", "member1", "--promote"], "");
    expect(promoted.exitCode).toBe(0);
    expect(promoted.stdout).toContain("member1 <member1@example.com> is now an administrator (password unchanged)");
    expect(await users(dir)).toEqual([
      { username: "member1", email: "member1@example.com", role: "ADMIN", emailVerified: false },
    ]);
  }, 120_000);

  test("usage errors exit 2 and name what is missing", async () => {
    const run = await adminCreate(freshDataDir(), ["--email", "x@example.com"], "");
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("--email and --username are required");
  }, 60_000);
});
