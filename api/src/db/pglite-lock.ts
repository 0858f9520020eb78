// PGlite does not lock its data directory and two processes on one directory corrupt it, so the platform takes
// an exclusive lock file itself and a second process fails fast with a clear message.
import { openSync, closeSync, writeSync, readFileSync, unlinkSync, renameSync } from "node:fs";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

export const LOCK_FILE = "platform.lock";

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock on `dataDir` for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, "utf8") === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = Number(readFileSync(path, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database at ${dataDir} is in use by another process (pid ${holder}). ` +
            "Stop that process, or point PGLITE_DATA_DIR at another directory, or set DATABASE_URL.",
        );
      }
      // A stale lock from a process that died: move it aside atomically, then try once more.
      try {
        renameSync(path, `${path}.stale-${process.pid}`);
        unlinkSync(`${path}.stale-${process.pid}`);
      } catch {
        // another process won the race; the next attempt reports it
      }
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database at ${dataDir}.`);
}
