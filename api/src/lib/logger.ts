// JSON lines on stdout: one object per event, with the request id when there is one. No dependency: the
// platform logs little, and a log shipper reads JSON lines as they are.
import { env } from "../env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type LogLevel = keyof typeof LEVELS;
type Fields = Record<string, unknown>;

function write(level: LogLevel, msg: string, fields?: Fields) {
  if (LEVELS[level] < LEVELS[env.LOG_LEVEL]) return;
  const line: Fields = { time: new Date().toISOString(), level, msg, ...fields };
  if (fields?.err instanceof Error) {
    const e = fields.err;
    line.err = { name: e.name, message: e.message, stack: e.stack };
  }
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${JSON.stringify(line)}\n`);
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
