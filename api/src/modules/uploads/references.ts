// Which records use an uploaded file (issue 14 item 3). A file belongs to the record that uploaded or claimed it:
// another record may not take it over, and a file some record still names is never deleted. Every column that may
// hold an uploaded file's URL is listed here once — a new such column is added here.
import type { Prisma, PrismaClient } from "../../generated/prisma/client";
import { uploadedFileUrl } from "./schema";

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
