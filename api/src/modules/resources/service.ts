// Resource reads, management and downloads (SPEC §3, §7; docs/decisions/009). Plain functions: no Elysia context,
// plain data out, AppError on failure. `fileUrl` is selected for every row but leaves this module only for callers
// who manage resources; everyone else gets `hasFile` and `access` (mayDownload).
import { db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/constraint-errors";
import { downloadFileName } from "../../lib/content-disposition";
import { AppError, notFound } from "../../lib/errors";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { storage } from "../../lib/storage";
import { Prisma } from "../../generated/prisma/client";
import { canAccessSection } from "../auth/permissions";
import { downloadableIds, mayDownload, type EntitlementSubject } from "../entitlements";
import { deleteImageCopies, fileReferences, lockFile, releaseFiles, replacedUrls } from "../uploads/references";
import { uploadedFileOf, uploadedFileUrl } from "../uploads/schema";
import {
  type AccessLevel,
  DOWNLOAD_LINK_TTL_SECONDS,
  RESOURCE_PAGE_SIZE,
  RESOURCE_MESSAGES,
  type Resource,
  type ResourceCounts,
  type ResourceInput,
  type ResourceType,
  type ResourceUpdate,
} from "./schema";
import { dollars } from "../../lib/money";

const resourceSelect = {
  id: true,
  projectId: true,
  project: { select: { id: true, title: true, description: true } },
  title: true,
  description: true,
  type: true,
  accessLevel: true,
  oneTimePrice: true,
  monthlyPrice: true,
  imageUrl: true,
  fileUrl: true,
  draft: true,
  createdAt: true,
} satisfies Prisma.ResourceSelect;
type ResourceRow = Prisma.ResourceGetPayload<{ select: typeof resourceSelect }>;

type Caller = EntitlementSubject | null;
const manages = (caller: Caller) => canAccessSection(caller, "resources");
const money = (value: Prisma.Decimal | null) => (value === null ? null : dollars(value));

function toResource(row: ResourceRow, access: boolean, showFileUrl: boolean): Resource {
  const { fileUrl, createdAt, oneTimePrice, monthlyPrice, ...rest } = row;
  return {
    ...rest,
    oneTimePrice: money(oneTimePrice),
    monthlyPrice: money(monthlyPrice),
    hasFile: Boolean(fileUrl),
    access,
    createdAt: createdAt.toISOString(),
    ...(showFileUrl ? { fileUrl } : {}),
  };
}

async function present(caller: Caller, rows: ResourceRow[]): Promise<Resource[]> {
  const allowed = await downloadableIds(caller, rows);
  const showFileUrl = manages(caller);
  return rows.map((row) => toResource(row, allowed.has(row.id), showFileUrl));
}

type ListResourcesInput = PageInput & { type?: ResourceType; drafts?: boolean };
type ResourcePage = Page<Resource>;

/** Newest first, on resources(type, createdAt) when filtered; ties broken by id. */
const resourceKeyset = defineKeyset({ table: "resources", column: "createdAt", kind: "timestamp", direction: "desc" });

/**
 * The library, newest first, a keyset page at a time; one type when asked (the filter buttons). Drafts only for
 * managers who ask.
 */
export async function listResources(caller: Caller, { type, drafts, limit, cursor }: ListResourcesInput): Promise<ResourcePage> {
  const prisma = await db();
  const { ids, nextCursor } = await resourceKeyset.page(prisma, {
    where: [
      ...(type ? [Prisma.sql`"type" = ${type}::"ResourceType"`] : []),
      ...(drafts && manages(caller) ? [] : [Prisma.sql`draft = false`]),
    ],
    cursor,
    limit: limit ?? RESOURCE_PAGE_SIZE,
  });
  const rows = await prisma.resource.findMany({ where: { id: { in: ids } }, select: resourceSelect });
  return { items: await present(caller, inPageOrder(ids, rows)), nextCursor };
}

/** Counted by the database: the admin grid holds one page at a time, so its cards cannot be counted. */
export async function resourceCounts(): Promise<ResourceCounts> {
  const groups = await (await db()).resource.groupBy({ by: ["accessLevel"], _count: { _all: true } });
  const count = (level: string) => groups.find((g) => g.accessLevel === level)?._count._all ?? 0;
  return { free: count("FREE"), premium: count("PREMIUM") };
}

async function findRow(caller: Caller, id: string): Promise<ResourceRow> {
  const row = await (await db()).resource.findUnique({ where: { id }, select: resourceSelect });
  // A draft is not published: to the public it does not exist.
  if (!row || (row.draft && !manages(caller))) throw notFound(RESOURCE_MESSAGES.notFound);
  return row;
}

export async function getResource(caller: Caller, id: string): Promise<Resource> {
  const [resource] = await present(caller, [await findRow(caller, id)]);
  return resource!;
}

// ---- Files -------------------------------------------------------------------------------------------------------

/**
 * A resource's stored file lives under a private key, and belongs to that resource alone (decision 007). Saving a
 * resource with an uploaded file's URL claims the file, inside the saving transaction and under the file's lock:
 * refused (409) when any other record names it — another resource's private file, a challenge's image —; a fresh upload
 * (public/<name>, an unguessable URL only the uploader has seen) is moved to private/<name>, reachable only through
 * signed links from the download route. Other URLs (the site's static /files, http(s)) are kept as given.
 */
async function claimFile(tx: Prisma.TransactionClient, fileUrl: string | null, resourceId?: string): Promise<string | null> {
  const file = uploadedFileOf(fileUrl);
  if (!file) return fileUrl;
  await lockFile(tx, file.name);
  if ((await fileReferences(tx, file.name, resourceId)) > 0) throw new AppError("conflict", RESOURCE_MESSAGES.fileTaken);
  const store = storage();
  const privateKey = `private/${file.name}`;
  const upload = file.scope === "public" ? await store.get(file.key) : null;
  if (upload) {
    await store.put(privateKey, upload.body, upload.contentType);
    await store.delete(file.key);
    // An image claimed as the download: its public copies (docs/decisions/016) would keep it reachable without a link.
    await deleteImageCopies(file.name);
  } else {
    const kept = await store.get(privateKey);
    if (!kept) throw new AppError("invalid_data", RESOURCE_MESSAGES.fileMissing);
    await kept.body.cancel(); // only asked whether it exists
  }
  return uploadedFileUrl(file.name, "private");
}

/** Moving a large file into the bucket may take longer than Prisma's default 5 s for a transaction. */
const FILE_TRANSACTION = { timeout: 60_000, maxWait: 10_000 };

// ---- Management --------------------------------------------------------------------------------------------------

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
/** SPEC §5: a blank price means 0. */
const toPrice = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null || text === "" ? "0.00" : dollars(text);

/** Columns from the contract's fields (only those present: PATCH). FREE stores no prices (SPEC §4). */
function toData(input: ResourceUpdate, currentLevel?: AccessLevel): Prisma.ResourceUncheckedUpdateInput {
  const data: Prisma.ResourceUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = input.title.trim();
  if (input.description !== undefined) data.description = input.description.trim();
  if (input.type !== undefined) data.type = input.type;
  if (input.accessLevel !== undefined) data.accessLevel = input.accessLevel;
  if (input.projectId !== undefined) data.projectId = blankToNull(input.projectId);
  if (input.imageUrl !== undefined) data.imageUrl = blankToNull(input.imageUrl);
  if (input.draft !== undefined) data.draft = input.draft;
  const level = input.accessLevel ?? currentLevel;
  if (level === "FREE") {
    data.oneTimePrice = null;
    data.monthlyPrice = null;
  } else {
    // Becoming PREMIUM without prices, or a price sent blank: 0 (no purchase button for it).
    const becamePremium = input.accessLevel === "PREMIUM" && currentLevel !== "PREMIUM";
    const oneTime = toPrice(input.oneTimePrice) ?? (becamePremium ? "0.00" : undefined);
    const monthly = toPrice(input.monthlyPrice) ?? (becamePremium ? "0.00" : undefined);
    if (oneTime !== undefined) data.oneTimePrice = oneTime;
    if (monthly !== undefined) data.monthlyPrice = monthly;
  }
  return data;
}

async function assertProjectExists(projectId: unknown) {
  if (typeof projectId !== "string") return;
  const found = await (await db()).project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!found) throw new AppError("invalid_data", RESOURCE_MESSAGES.projectMissing);
}

function rethrowMissingProject(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new AppError("invalid_data", RESOURCE_MESSAGES.projectMissing);
  }
  throw error;
}

export async function createResource(caller: Caller, input: ResourceInput): Promise<Resource> {
  const data = toData({ draft: false, ...input });
  await assertProjectExists(data.projectId);
  const id = await (await db()).$transaction(async (tx) => {
    if (input.fileUrl !== undefined) data.fileUrl = await claimFile(tx, blankToNull(input.fileUrl));
    const row = await tx.resource
      .create({ data: data as Prisma.ResourceUncheckedCreateInput, select: { id: true } })
      .catch(rethrowMissingProject);
    return row.id;
  }, FILE_TRANSACTION);
  return getResource(caller, id);
}

export async function updateResource(caller: Caller, id: string, input: ResourceUpdate): Promise<Resource> {
  const prisma = await db();
  const current = await prisma.resource.findUnique({
    where: { id },
    select: { accessLevel: true, fileUrl: true, imageUrl: true },
  });
  if (!current) throw notFound(RESOURCE_MESSAGES.notFound);
  const data = toData(input, current.accessLevel);
  await assertProjectExists(data.projectId);
  await prisma.$transaction(async (tx) => {
    // The form sends the resource's own file back with every edit: unchanged, nothing to claim.
    const fileUrl = input.fileUrl === undefined ? undefined : blankToNull(input.fileUrl);
    if (fileUrl !== undefined && fileUrl !== current.fileUrl) data.fileUrl = await claimFile(tx, fileUrl, id);
    const { count } = await tx.resource.updateMany({ where: { id }, data }).catch(rethrowMissingProject);
    if (count === 0) throw notFound(RESOURCE_MESSAGES.notFound);
    // A replaced image or file (the one read before this edit) goes once nothing names it.
    await releaseFiles(tx, replacedUrls({ imageUrl: current.imageUrl, fileUrl: current.fileUrl }, data), `resource-update:${id}`);
  }, FILE_TRANSACTION);
  return getResource(caller, id);
}

/**
 * Deletes the resource and, when no other record names it, its private file (orders keep their history: resourceId
 * becomes null). The file is deleted by a job enqueued with the delete (uploads/references.ts), which checks under
 * the file's lock that nothing names it then: a save claiming the file meanwhile keeps it.
 */
export async function deleteResource(id: string): Promise<void> {
  const prisma = await db();
  const row = await prisma.resource.findUnique({ where: { id }, select: { fileUrl: true, imageUrl: true } });
  if (!row) throw notFound(RESOURCE_MESSAGES.notFound);
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.resource.deleteMany({ where: { id } });
    if (count === 0) throw notFound(RESOURCE_MESSAGES.notFound);
    await releaseFiles(tx, [row.fileUrl, row.imageUrl], `resource:${id}`);
  });
}

// ---- Downloads ---------------------------------------------------------------------------------------------------

/**
 * Where the caller's download goes: a signed link, valid DOWNLOAD_LINK_TTL_SECONDS, for a stored file; the URL
 * itself for a file elsewhere (the site's /files, an external link). 401 anonymous on premium, 403 without an
 * entitlement, 404 when there is no such resource or no file.
 */
export async function downloadLocation(caller: Caller, id: string, now = new Date()): Promise<string> {
  const row = await findRow(caller, id);
  if (!(await mayDownload(caller, row, now))) {
    throw caller ? new AppError("forbidden", RESOURCE_MESSAGES.noAccess) : new AppError("unauthorized", RESOURCE_MESSAGES.signIn);
  }
  if (!row.fileUrl) throw notFound(RESOURCE_MESSAGES.noFile);
  const file = uploadedFileOf(row.fileUrl);
  // Named after the resource (decision 007), not the stored hash.
  return file
    ? storage().signedUrl(file.key, DOWNLOAD_LINK_TTL_SECONDS, downloadFileName(row.title, file.extension))
    : row.fileUrl;
}
