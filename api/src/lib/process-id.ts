// This process's identity for the rows it claims (leases): new at every start, so a claim left by a process that
// died is told apart from this one's own. On globalThis: the site's server bundle carries its own copy of api/ modules.
import { randomUUID } from "node:crypto";

const key = Symbol.for("platform.processId");
const holder = globalThis as unknown as Record<symbol, string | undefined>;

holder[key] ??= randomUUID();
export const PROCESS_ID: string = holder[key];
