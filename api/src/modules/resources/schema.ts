// The resources contract (SPEC §3 resources, §5 resource form, §7): TypeBox schemas shared by the API routes and the
// admin island. The public shape never carries `fileUrl`: it says `hasFile` and, for the caller, `access`
// (docs/decisions/009). Imports nothing but TypeBox (and sibling contracts).
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { ID_MAX_LENGTH, literalUnion } from "../../lib/typebox";
import { FILE_URL_PATTERN } from "../projects/schema";
import { PRICE_PATTERN } from "../settings/schema";

export const RESOURCE_TYPES = ["TOOL", "RESEARCH", "TEMPLATE", "BEST_PRACTICE"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** SPEC §2: the filter buttons' order. */
export const RESOURCE_FILTERS = ["TOOL", "RESEARCH", "BEST_PRACTICE", "TEMPLATE"] as const satisfies readonly ResourceType[];
export const ACCESS_LEVELS = ["FREE", "PREMIUM"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The library is small (tens of items): one answer, newest first, capped. */
/** The largest page of the library a client may ask for, and the page size when it does not say. */
export const RESOURCE_LIST_MAX = 100;
export const RESOURCE_PAGE_SIZE = 60;
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const URL_MAX_LENGTH = 2048;
/** A signed download link lives this long: enough to start the download, too short to share. */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

export const RESOURCE_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  type: "Choose a resource type",
  accessLevel: "Choose FREE or PREMIUM",
  fileUrl: "File must be an uploaded file or an http(s) URL",
  imageUrl: "Image must be an uploaded image or an http(s) URL",
  price: "Prices must be numbers of 0 or more with at most 2 decimals",
  projectId: "Choose an existing project or none",
  projectMissing: "The linked project does not exist",
  fileMissing: "The uploaded file was not found. Upload it again.",
  fileTaken: "This file belongs to another record. Upload the file again for this resource.",
  notFound: "Resource not found",
  noFile: "This resource has no file to download",
  signIn: "Sign in to download this resource",
  noAccess: "Purchase this resource or subscribe to download it",
} as const;

const nullable = <S extends Parameters<typeof T.Union>[0][number]>(schema: S) => T.Union([schema, T.Null()]);

export const ResourceSchema = T.Object({
  id: T.String(),
  projectId: nullable(T.String()),
  /** The related project card (SPEC §2): its title and summary. */
  project: nullable(T.Object({ id: T.String(), title: T.String(), description: T.String() })),
  title: T.String(),
  description: T.String(),
  type: literalUnion(RESOURCE_TYPES),
  accessLevel: literalUnion(ACCESS_LEVELS),
  /** Dollars with 2 decimals ("29.00"); null for FREE resources. */
  oneTimePrice: nullable(T.String()),
  monthlyPrice: nullable(T.String()),
  imageUrl: nullable(T.String()),
  /** Whether there is a file to download (its URL stays on the server). */
  hasFile: T.Boolean(),
  /** Whether the caller may download it now (mayDownload). */
  access: T.Boolean(),
  /** Drafts (spawned by archiving a challenge) are listed only to the `resources` section. */
  draft: T.Boolean(),
  /** Only for ADMIN and `resources` delegates; absent for everyone else. */
  fileUrl: T.Optional(nullable(T.String())),
  createdAt: T.String({ format: "date-time" }),
});
export type Resource = Static<typeof ResourceSchema>;

/** Subscription Settings' counts of free and premium resources (SPEC §4), drafts included, over the whole library. */
export const ResourceCountsSchema = T.Object({ free: T.Integer(), premium: T.Integer() });
export type ResourceCounts = Static<typeof ResourceCountsSchema>;

const requiredText = (maxLength: number, error: string) => T.String({ minLength: 1, maxLength, pattern: "\\S", error });
const optionalUrl = (error: string) =>
  T.Optional(T.Union([T.String({ maxLength: URL_MAX_LENGTH, pattern: FILE_URL_PATTERN }), T.Null()], { error }));
/** A decimal string (SPEC §7); "" means 0 (SPEC §5 "blank price means 0"); null when FREE. */
const price = T.Optional(
  T.Union([T.String({ maxLength: 12, pattern: `${PRICE_PATTERN}|^$` }), T.Null()], { error: RESOURCE_MESSAGES.price }),
);

/** POST /api/resources (SPEC §7 resource form payload). */
export const ResourceInputSchema = T.Object({
  title: requiredText(TITLE_MAX_LENGTH, RESOURCE_MESSAGES.title),
  description: requiredText(DESCRIPTION_MAX_LENGTH, RESOURCE_MESSAGES.description),
  type: literalUnion(RESOURCE_TYPES, { error: RESOURCE_MESSAGES.type }),
  accessLevel: literalUnion(ACCESS_LEVELS, { error: RESOURCE_MESSAGES.accessLevel }),
  projectId: T.Optional(
    T.Union([T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }), T.Null()], { error: RESOURCE_MESSAGES.projectId }),
  ),
  fileUrl: optionalUrl(RESOURCE_MESSAGES.fileUrl),
  imageUrl: optionalUrl(RESOURCE_MESSAGES.imageUrl),
  oneTimePrice: price,
  monthlyPrice: price,
  /** Publishing a draft: false. Optional; new resources are published. */
  draft: T.Optional(T.Boolean()),
});
export type ResourceInput = Static<typeof ResourceInputSchema>;

export const ResourceUpdateSchema = T.Partial(ResourceInputSchema);
export type ResourceUpdate = Static<typeof ResourceUpdateSchema>;

/**
 * The download route's path for a plain link (SPEC §2 Download Now): the one place the site gets it from, so a
 * renamed route is a change here, not a stale string in a page.
 */
export const resourceDownloadPath = (id: string) => `/api/resources/${encodeURIComponent(id)}/download`;
