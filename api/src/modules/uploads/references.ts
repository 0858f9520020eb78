// Which records use an uploaded file (decision 007). A file belongs to the record that uploaded or claimed it: another
// record may not take it over, and a file some record still names is never deleted. Every column that may hold an
// uploaded file's URL is listed here once — a new such column is added here.
import { db } from "../../db/client";
import type { Prisma, PrismaClient } from "../../generated/prisma/client";
import { enqueue, work } from "../../jobs/jobs";
import { storage } from "../../lib/storage";
import { processedImageOf, uploadedFileOf, uploadedFileUrl } from "./schema";

type Client = PrismaClient | Prisma.TransactionClient;

/**
 * How many records name the file `name` (by its public or its private URL) in any file or image column, leaving
 * out one resource's own `fileUrl` (the record saving or deleting it).
 */
export async function fileReferences(client: Client, name: string, exceptResourceFile?: string): Promise<number> {
  const url = { in: [uploadedFileUrl(name, "public"), uploadedFileUrl(name, "private")] };
  const counts = await Promise.all([
    client.resource.count({
      where: { OR: [{ fileUrl: url, ...(exceptResourceFile ? { id: { not: exceptResourceFile } } : {}) }, { imageUrl: url }] },
    }),
    client.challenge.count({ where: { imageUrl: url } }),
    client.project.count({ where: { OR: [{ imageUrl: url }, { whitePaperUrl: url }] } }),
    client.merchandise.count({ where: { imageUrl: url } }),
    client.user.count({ where: { profileImageUrl: url } }),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * Serialises everything that claims or deletes the file `name` until the transaction ends (an advisory lock works
 * the same on PGlite and PostgreSQL): two saves cannot both find it unused, and a delete cannot race a claim.
 */
export async function lockFile(tx: Prisma.TransactionClient, name: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`uploaded-file:${name}`}))`;
}

// ---- Deleting a file nobody names any more ---------------------------------------------------------------------

export const FILE_CLEANUP_JOB = "uploaded-file-cleanup";
/** The stored file (`key`, e.g. private/<name>) and its name, whose lock and references decide. */
type FileCleanupJob = { name: string; key: string };

/**
 * Enqueues, in the transaction that drops a record's use of the file, its deletion (decision 011): the file goes
 * only once that transaction has committed — never while a rolled-back delete still names it — and a storage that
 * fails is retried instead of leaving the file behind. `eventKey` names the dropping (e.g. the deleted record's id).
 */
function enqueueFileCleanup(tx: Prisma.TransactionClient, file: FileCleanupJob, eventKey: string) {
  return enqueue<FileCleanupJob>(tx, FILE_CLEANUP_JOB, file, { key: eventKey });
}

/**
 * In the transaction that stops records naming `urls` (a replaced image, a deleted record and what is deleted with it):
 * each uploaded file among them is deleted once that transaction has committed, if no record names it then
 * (decision 016). Other URLs (the site's static files, provider CDNs, links) are not ours and stay as they are.
 */
export async function releaseFiles(tx: Prisma.TransactionClient, urls: Iterable<string | null | undefined>, eventKey: string) {
  const seen = new Set<string>();
  for (const url of urls) {
    const file = uploadedFileOf(url);
    if (!file || seen.has(file.key)) continue;
    seen.add(file.key);
    await enqueueFileCleanup(tx, { name: file.name, key: file.key }, `${eventKey}:${file.key}`);
  }
}

/** The old value of each file column an update changes (`data` holds only what it sets). */
export function replacedUrls<K extends string>(
  current: Partial<Record<K, string | null>>,
  data: Partial<Record<K, unknown>>,
): (string | null | undefined)[] {
  return (Object.keys(current) as K[]).filter((k) => data[k] !== undefined && data[k] !== current[k]).map((k) => current[k]);
}

/**
 * Deletes the public copies of a processed image (docs/decisions/016), which its name lists; nothing for any other
 * file. Copies are only ever public: pages load them, and a private file (a premium download) has none.
 */
export async function deleteImageCopies(name: string) {
  for (const variant of processedImageOf(name)?.variants ?? []) await storage().delete(`public/${variant.name}`);
}

/**
 * The job: under the file's lock, deletes it (and its copies) if no record names it now — a save may have claimed it
 * again between the delete and this run. Deleting a missing file is not an error, so a run again changes nothing;
 * the copies go first, so a run cut short is finished by the retry, which still finds the file.
 */
export async function deleteFileIfUnused({ name, key }: FileCleanupJob) {
  await (await db()).$transaction(
    async (tx) => {
      await lockFile(tx, name);
      if ((await fileReferences(tx, name)) > 0) return;
      await deleteImageCopies(name);
      await storage().delete(key);
    },
    { timeout: 60_000, maxWait: 10_000 }, // a bucket may be slow to answer
  );
}

void work(FILE_CLEANUP_JOB, deleteFileIfUnused);
