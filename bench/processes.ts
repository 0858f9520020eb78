// The goals table's two process rows (bench/index.ts), measured the way a newcomer runs the README's commands
// (npm included):
//  - `npm start`: which processes stay alive once the server is ready (goal: the server only, npm's one child);
//  - `npm run dev`: the resident memory of npm and everything under it after nine pages twice (goal ≤ 600 MB).
// Each runs on a scratch database of its own and its own ports, and is stopped (its whole process group) after.
// `npm run dev` is started twice: the first start creates and seeds the database and lets Vite pre-bundle what it
// has not yet (a one-off of a new checkout), the second is the one measured, as a developer's every later start.
//   npm run bench:processes          (part of `npm run bench` too; needs a built site for `npm start`)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processTree } from "../e2e/support/process-tree";
import { freePort } from "../api/test/served-site";
import { waitUntilReady } from "./ready";

const ROOT = join(import.meta.dir, "..");
const PAGES = ["/", "/challenges", "/projects", "/resources", "/merchandise", "/login", "/register", "/privacy", "/terms"];

export type Goal = { measure: string; figure: string; goal: string; met: boolean };
/** Runs `npm <args>` in its own process group with `env`, calls `measure` once `readyUrl` answers, stops the group. */
async function withNpm<T>(args: string[], env: Record<string, string>, readyUrl: string, measure: (npm: number) => Promise<T>) {
  const child = spawn("npm", args, {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", SMTP_URL: "", SEED_DEMO_DATA: "true", ...env },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await waitUntilReady(readyUrl, child, 180);
    return await measure(child.pid!);
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    if (!(await Promise.race([exited.then(() => true), Bun.sleep(15_000).then(() => false)])))
      process.kill(-child.pid!, "SIGKILL");
  }
}

async function browse(origin: string, times: number) {
  for (let i = 0; i < times; i++)
    for (const path of PAGES) {
      const res = await fetch(origin + path);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${origin}${path} answered ${res.status}`);
    }
}

export async function processGoals(): Promise<Goal[]> {
  const scratch = mkdtempSync(join(tmpdir(), "bench-processes-"));
  try {
    const port = await freePort();
    const start = await withNpm(
      ["start"],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        PGLITE_DATA_DIR: join(scratch, "start"),
        MAIL_OUTBOX_DIR: join(scratch, "outbox"),
      },
      `http://127.0.0.1:${port}/api/ready`,
      async (npm) => {
        await Bun.sleep(1000); // whatever `prepare-start` left behind has had time to end
        return processTree(npm).slice(1);
      },
    );

    const [devPort, apiPort] = [await freePort(), await freePort()];
    const dev = {
      DEV_PORT: String(devPort),
      API_DEV_PORT: String(apiPort),
      PGLITE_DATA_DIR: join(scratch, "dev"),
      MAIL_OUTBOX_DIR: join(scratch, "outbox"),
    };
    const origin = `http://127.0.0.1:${devPort}`;
    await withNpm(["run", "dev"], dev, `${origin}/api/ready`, () => browse(origin, 1));
    const tree = await withNpm(["run", "dev"], dev, `${origin}/api/ready`, async (npm) => {
      await browse(origin, 2);
      await Bun.sleep(5000); // what the pages left settles
      return processTree(npm);
    });
    const total = tree.reduce((sum, p) => sum + p.rssMb, 0);

    console.log("\nProcesses");
    console.log(`  npm start, under npm:   ${start.map((p) => p.command).join(" | ")}`);
    console.log(
      `  npm run dev, RSS:       ${tree.map((p) => `${p.command.slice(0, 48)} ${Math.round(p.rssMb)} MB`).join(" | ")}`,
    );
    return [
      {
        measure: "processes under `npm start` once ready (npm's children)",
        figure: `${start.length} (${start.map((p) => p.command.split(" ").slice(0, 2).join(" ")).join(", ")})`,
        goal: "the server only",
        met: start.length === 1 && /\bbun server\/main\.ts\b/.test(start[0]!.command),
      },
      {
        measure: "`npm run dev`, npm and every process under it, after nine pages twice",
        figure: `${Math.round(total)} MB in ${tree.length} processes`,
        goal: "≤ 600 MB",
        met: total <= 600,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const goals = await processGoals();
  for (const g of goals) console.log(`| ${g.measure} | ${g.figure} | ${g.goal} | ${g.met ? "met" : "**not met**"} |`);
}
