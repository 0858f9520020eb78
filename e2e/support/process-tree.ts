// Which processes a command left running, read from Linux's /proc: for the checks that `npm start` and `npm run dev`
// keep one process under npm (e2e/audits/dev-server.e2e.ts) and for the bench's process rows (bench/processes.ts).
import { readFileSync } from "node:fs";

export type ProcessInfo = { pid: number; command: string; rssMb: number };

/** `pid` and every process under it, depth first, with command line and resident memory; [] once it has ended. */
export function processTree(pid: number): ProcessInfo[] {
  let status: string;
  let command: string;
  let children: number[];
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
    command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return []; // ended meanwhile
  }
  const rssMb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  return [{ pid, command, rssMb }, ...children.flatMap(processTree)];
}

/** A process's environment as `NAME=value` entries. */
export const environmentOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
