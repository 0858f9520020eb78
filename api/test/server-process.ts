// Test and bench support: the real server (server/main.ts) as a child process on a port of its own, ready when this
// resolves — for what only a process shows: SIGKILL and restart, several processes on one database, memory.
import { join } from "node:path";
import { freePort, siteBuilt } from "./served-site";

const ROOT = join(import.meta.dir, "../..");

export type ServerProcess = {
  url: string;
  port: number;
  proc: ReturnType<typeof Bun.spawn>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash), and waits for the exit. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
};

export async function startServerProcess(
  options: { env?: Record<string, string | undefined>; port?: number; apiOnly?: boolean; quiet?: boolean } = {},
): Promise<ServerProcess> {
  if (options.apiOnly === false) await siteBuilt();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([process.execPath, "server/main.ts", ...(options.apiOnly === false ? [] : ["--api-only"])], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...options.env },
    stdout: "ignore",
    stderr: options.quiet ? "ignore" : "inherit",
  });
  const stop = async (signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
    proc.kill(signal);
    await proc.exited;
  };
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, port, proc, stop };
    if (proc.exitCode !== null) break;
    await Bun.sleep(100);
  }
  await stop("SIGKILL");
  throw new Error(`the server on ${url} did not become ready`);
}
