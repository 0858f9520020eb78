// An entry as the API answers it: one select and one mapping, for the submission and for a stale write's 409.
import type { Prisma } from "../../generated/prisma/client";
import type { Entry } from "./schema";

export const entrySelect = {
  deliverableId: true,
  url: true,
  text: true,
  fileName: true,
  fileType: true,
  fileBytes: true,
  sha256: true,
  revision: true,
  updatedAt: true,
  updatedBy: { select: { username: true } },
} satisfies Prisma.SubmissionItemSelect;
export type EntryRow = Prisma.SubmissionItemGetPayload<{ select: typeof entrySelect }>;

export function toEntry(row: EntryRow): Entry {
  return {
    deliverableId: row.deliverableId,
    url: row.url,
    text: row.text,
    // The storage key never leaves the server: files are read through signed, short-lived links.
    file:
      row.fileName && row.fileType && row.fileBytes !== null && row.sha256
        ? { name: row.fileName, type: row.fileType, bytes: row.fileBytes, sha256: row.sha256 }
        : null,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy?.username ?? null,
  };
}
