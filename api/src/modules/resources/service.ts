// Resource reads, management and downloads (SPEC §3, §7; docs/decisions/009). Plain functions: no Elysia context,
// plain data out, AppError on failure. `fileUrl` is selected for every row but leaves this module only for callers
// who manage resources; everyone else gets `hasFile` and `access` (mayDownload).
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { storage } from "../../lib/storage";
import { Prisma } from "../../generated/prisma/client";
import { canAccessSection } from "../auth/permissions";
import { downloadableIds, mayDownload, type EntitlementSubject } from "../entitlements";
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  RESOURCE_LIST_MAX,
  RESOURCE_MESSAGES,
  type Resource,
  type ResourceInput,
  type ResourceType,
  type ResourceUpdate,
} from "./schema";

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

export type Caller = EntitlementSubject | null;
const manages = (caller: Caller) => canAccessSection(caller, "resources");
const money = (value: Prisma.Decimal | null) => (value === null ? null : value.toFixed(2));

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

export type ListResourcesInput = { type?: ResourceType; drafts?: boolean };

/** The library, newest first; one type when asked (the filter buttons). Drafts only for managers who ask. */
export async function listResources(caller: Caller, { type, drafts }: ListResourcesInput): Promise<Resource[]> {
  const rows = await (await db()).resource.findMany({
    where: { ...(type ? { type } : {}), ...(drafts && manages(caller) ? {} : { draft: false }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RESOURCE_LIST_MAX,
    select: resourceSelect,
  });
  return present(caller, rows);
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

/** An upload's public URL (POST /api/upload) and the private URL the resource keeps instead. */
const UPLOADED = /^\/api\/files\/([0-9a-f]{32}\.(?:pdf|jpg|png|gif|webp))$/;
const PRIVATE = /^\/api\/files\/private\/([0-9a-f]{32}\.(?:pdf|jpg|png|gif|webp))$/;

/**
 * A resource's stored file lives under a private key: a fresh upload (public/<name>, an unguessable URL only the
 * uploader has seen) is moved to private/<name> when the resource is saved, so it is reachable only through
 * signed links from the download route. Other URLs (the site's static /files, http(s)) are kept as given.
 */
async function keepPrivate(fileUrl: string | null): Promise<string | null> {
  const name = fileUrl?.match(UPLOADED)?.[1];
  if (!name) return fileUrl;
  const store = storage();
  const file = await store.get(`public/${name}`);
  if (!file) {
    if (await store.get(`private/${name}`)) return `/api/files/private/${name}`;
    throw new AppError("invalid_data", RESOURCE_MESSAGES.fileMissing);
  }
  await store.put(`private/${name}`, new Uint8Array(await new Response(file.body).arrayBuffer()), file.contentType);
  await store.delete(`public/${name}`);
  return `/api/files/private/${name}`;
}

/** The storage key behind a resource's own URL, or null for URLs that are not in storage. */
function storageKeyOf(fileUrl: string): string | null {
  const priv = fileUrl.match(PRIVATE)?.[1];
  if (priv) return `private/${priv}`;
  const pub = fileUrl.match(UPLOADED)?.[1];
  return pub ? `public/${pub}` : null;
}

// ---- Management --------------------------------------------------------------------------------------------------

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
/** SPEC §5: a blank price means 0. */
const toPrice = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null || text === "" ? "0.00" : Number(text).toFixed(2);

/** Columns from the contract's fields (only those present: PATCH). FREE stores no prices (SPEC §4). */
async function toData(input: ResourceUpdate, currentLevel?: "FREE" | "PREMIUM"): Promise<Prisma.ResourceUncheckedUpdateInput> {
  const data: Prisma.ResourceUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = input.title.trim();
  if (input.description !== undefined) data.description = input.description.trim();
  if (input.type !== undefined) data.type = input.type;
  if (input.accessLevel !== undefined) data.accessLevel = input.accessLevel;
  if (input.projectId !== undefined) data.projectId = blankToNull(input.projectId);
  if (input.imageUrl !== undefined) data.imageUrl = blankToNull(input.imageUrl);
  if (input.fileUrl !== undefined) data.fileUrl = await keepPrivate(blankToNull(input.fileUrl));
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
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
    throw new AppError("invalid_data", RESOURCE_MESSAGES.projectMissing);
  }
  throw error;
}

export async function createResource(caller: Caller, input: ResourceInput): Promise<Resource> {
  const data = await toData({ draft: false, ...input });
  await assertProjectExists(data.projectId);
  const row = await (await db()).resource
    .create({ data: data as Prisma.ResourceUncheckedCreateInput, select: { id: true } })
    .catch(rethrowMissingProject);
  return getResource(caller, row.id);
}

export async function updateResource(caller: Caller, id: string, input: ResourceUpdate): Promise<Resource> {
  const prisma = await db();
  const current = await prisma.resource.findUnique({ where: { id }, select: { accessLevel: true } });
  if (!current) throw notFound(RESOURCE_MESSAGES.notFound);
  const data = await toData(input, current.accessLevel);
  await assertProjectExists(data.projectId);
  const { count } = await prisma.resource.updateMany({ where: { id }, data }).catch(rethrowMissingProject);
  if (count === 0) throw notFound(RESOURCE_MESSAGES.notFound);
  return getResource(caller, id);
}

/** Deletes the resource and its private file (orders keep their history: resourceId becomes null). */
export async function deleteResource(id: string): Promise<void> {
  const prisma = await db();
  const row = await prisma.resource.findUnique({ where: { id }, select: { fileUrl: true } });
  const { count } = await prisma.resource.deleteMany({ where: { id } });
  if (count === 0) throw notFound(RESOURCE_MESSAGES.notFound);
  const key = row?.fileUrl?.match(PRIVATE) ? storageKeyOf(row.fileUrl) : null;
  if (key)
    await storage()
      .delete(key)
      .catch(() => undefined);
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
  const key = storageKeyOf(row.fileUrl);
  return key ? storage().signedUrl(key, DOWNLOAD_LINK_TTL_SECONDS) : row.fileUrl;
}
