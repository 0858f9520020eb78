// The projects contract (SPEC §3 projects, §5 admin project form, §7): TypeBox schemas shared by the API routes
// and the site's admin island, with the form's limits and messages. Imports nothing but TypeBox.
// Builders by name (not `Type`, one object holding them all): an island bundles only those it calls (lib/typebox.ts).
import * as T from "@sinclair/typebox/type";
import type { Static } from "@sinclair/typebox/type";
import { ID_MAX_LENGTH } from "../../lib/typebox";
import { PDF_MAX_BYTES, PDF_MIME_TYPE, UPLOADED_VARIANT_URL_SOURCE } from "../uploads/schema";

/** The public list shows 12 projects a page (4 rows of 3 on large screens), like the challenges list. */
export const PROJECT_PAGE_SIZE = 12;
export const PROJECT_LIST_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const LONG_TEXT_MAX_LENGTH = 20_000;
export const URL_MAX_LENGTH = 2048;

/** SPEC §9: white papers are PDFs of at most 10 MB; images at most 5 MB. Checked in the browser before uploading. */
/** SPEC §5: the white paper must be under 10MB (the upload limit, docs/decisions/007). */
export const WHITE_PAPER_MAX_BYTES = PDF_MAX_BYTES;

/** SPEC §5 admin project form: the white paper's file checks, title and description of the message shown. */
const WHITE_PAPER_MESSAGES = {
  invalidType: { title: "Invalid file type", description: "Please upload a PDF file" },
  tooLarge: { title: "File too large", description: "White paper must be less than 10MB" },
} as const;

export const PROJECT_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  problem: "Problem statement is required",
  solution: "Solution is required",
  challengeId: "Choose an existing challenge or none",
  challengeMissing: "The linked challenge does not exist",
  imageUrl: "Image must be an uploaded image or an http(s) URL",
  whitePaperUrl: "White paper must be an uploaded file or an http(s) URL",
  notFound: "Project not found",
} as const;

/**
 * A file we serve (an upload's `/api/files/<name>`, or one of the site's static `/files/…` documents or
 * `/images/…`, as the demo seed uses) or an absolute http(s) URL: never javascript:, data: or other schemes, and no
 * `..` segments. The upload call may answer with the site's origin in front of the path: that is an http(s) URL.
 * Never a processed image's copy (docs/decisions/016): a record names the image, whose copies come and go with it.
 */
export const FILE_URL_PATTERN = `^(?!.*\\.\\.)(?!${UPLOADED_VARIANT_URL_SOURCE}$)(/(api/files|files|images)/[A-Za-z0-9._/-]+|https?://[^\\s]+)$`;

export const isFileUrl = (value: string) => new RegExp(FILE_URL_PATTERN).test(value);

export const ProjectSchema = T.Object({
  id: T.String(),
  challengeId: T.Union([T.String(), T.Null()]),
  title: T.String(),
  description: T.String(),
  problem: T.String(),
  solution: T.String(),
  insights: T.Union([T.String(), T.Null()]),
  imageUrl: T.Union([T.String(), T.Null()]),
  whitePaperUrl: T.Union([T.String(), T.Null()]),
  /** Shown as the published date (SPEC §2). */
  createdAt: T.String({ format: "date-time" }),
});
export type Project = Static<typeof ProjectSchema>;

const requiredText = (maxLength: number, error: string) => T.String({ minLength: 1, maxLength, pattern: "\\S", error });
const optionalUrl = (error: string) =>
  T.Optional(T.Union([T.String({ maxLength: URL_MAX_LENGTH, pattern: FILE_URL_PATTERN }), T.Null()], { error }));

/** POST /api/projects (SPEC §7): title, description, problem, solution required; the rest optional or null. */
export const ProjectInputSchema = T.Object({
  title: requiredText(TITLE_MAX_LENGTH, PROJECT_MESSAGES.title),
  description: requiredText(DESCRIPTION_MAX_LENGTH, PROJECT_MESSAGES.description),
  problem: requiredText(LONG_TEXT_MAX_LENGTH, PROJECT_MESSAGES.problem),
  solution: requiredText(LONG_TEXT_MAX_LENGTH, PROJECT_MESSAGES.solution),
  challengeId: T.Optional(
    T.Union([T.String({ minLength: 1, maxLength: ID_MAX_LENGTH }), T.Null()], { error: PROJECT_MESSAGES.challengeId }),
  ),
  insights: T.Optional(T.Union([T.String({ maxLength: LONG_TEXT_MAX_LENGTH }), T.Null()])),
  imageUrl: optionalUrl(PROJECT_MESSAGES.imageUrl),
  whitePaperUrl: optionalUrl(PROJECT_MESSAGES.whitePaperUrl),
});
export type ProjectInput = Static<typeof ProjectInputSchema>;

/** PATCH /api/projects/{id}: the same fields, each optional (SPEC §7 sends them all; a partial update is fine). */
export const ProjectUpdateSchema = T.Partial(ProjectInputSchema);
export type ProjectUpdate = Static<typeof ProjectUpdateSchema>;

type ProjectFormField = keyof ProjectInput;
/** The admin form's field errors: ProjectInputSchema's own messages, checked with the site's form kit (SPEC §5). */
export type ProjectFormErrors = Partial<Record<ProjectFormField, string>>;

/** SPEC §5: a white paper must be a PDF under 10 MB. Returns the message to toast, or null when the file is fine. */
export function whitePaperProblem(file: { type: string; name: string; size: number }) {
  const isPdf = file.type === PDF_MIME_TYPE || (!file.type && /\.pdf$/i.test(file.name));
  if (!isPdf) return WHITE_PAPER_MESSAGES.invalidType;
  if (file.size >= WHITE_PAPER_MAX_BYTES) return WHITE_PAPER_MESSAGES.tooLarge;
  return null;
}
