// Files that appear whole or not at all (decision 007, "Durable local writes"): the mail outbox and the local upload
// directory. The bytes go to a hidden temporary name in the same directory (`.<name>.tmp-<random>`), are flushed to the
// disk (fsync), and the finished file is renamed onto its name — atomic within one file system — and the directory is
// flushed so the rename itself survives a power cut. A reader never sees half a file; a crash mid-write leaves only a
// temporary file, which every listing skips (isTemporaryFileName). Measured here: an fsync costs ≈ 3 ms.
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const TEMPORARY = /^\..+\.tmp-[0-9a-f]{12}$/;

/** Whether a directory entry is a write still in progress (or one a crash cut off): never a finished file. */
export const isTemporaryFileName = (name: string) => TEMPORARY.test(name);

/** Where `path` is written before it is renamed into place: hidden, beside it, unique. */
export const temporaryPathFor = (path: string) => join(dirname(path), `.${basename(path)}.tmp-${randomBytes(6).toString("hex")}`);

/** A stream (through a Response, which Bun.write reads chunk by chunk), a Blob (a file is copied by the kernel) or bytes. */
type FileContent = Uint8Array | Blob | ReadableStream<Uint8Array>;

/**
 * Writes `content` to `path` through a temporary file and a rename (see above). The directory must exist. On any
 * failure — the source stream errors, the disk is full — the temporary file is removed and `path` is untouched.
 */
export async function writeFileDurably(path: string, content: FileContent): Promise<void> {
  const temporary = temporaryPathFor(path);
  try {
    if (content instanceof ReadableStream) await Bun.write(temporary, new Response(content));
    else await Bun.write(temporary, content);
    await flush(temporary, "r+");
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename made durable. Best effort: a few file systems refuse to fsync a directory (EINVAL), and the file is
  // complete under its name either way.
  await flush(dirname(path), "r").catch(() => {});
}

/** fsync: the file's (or the directory's) data on the disk, not only in the page cache. */
async function flush(path: string, flags: "r" | "r+") {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
