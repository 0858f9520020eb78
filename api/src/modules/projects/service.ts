// Project reads and management (SPEC §3, §7). Plain functions: no Elysia context in, plain data out, AppError on
// failure. Management is for the `projects` section; the routes guard it.
import { db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/constraint-errors";
import { AppError, notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import { inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import { listProjectIds } from "./list-query";
import { PROJECT_MESSAGES, PROJECT_PAGE_SIZE, type Project, type ProjectInput, type ProjectUpdate } from "./schema";
import { releaseFiles, replacedUrls } from "../uploads/references";

const projectSelect = {
  id: true,
  challengeId: true,
  title: true,
  description: true,
  problem: true,
  solution: true,
  insights: true,
  imageUrl: true,
  whitePaperUrl: true,
  createdAt: true,
} satisfies Prisma.ProjectSelect;

type ProjectRow = Prisma.ProjectGetPayload<{ select: typeof projectSelect }>;

const toProject = ({ createdAt, ...rest }: ProjectRow): Project => ({ ...rest, createdAt: createdAt.toISOString() });

type ListProjectsInput = PageInput & { search?: string };
type ProjectPage = Page<Project>;

/**
 * The public list: newest first, or best match first when searching (PostgreSQL full-text search, English
 * stemming: "repairs" finds "repair"). Pages by keyset, never OFFSET, like the challenges list.
 */
export async function listProjects({ search, limit, cursor }: ListProjectsInput): Promise<ProjectPage> {
  const text = search?.trim() || undefined;
  const prisma = await db();
  const { ids, nextCursor } = await listProjectIds(prisma, { search: text, cursor, limit: limit ?? PROJECT_PAGE_SIZE });
  const rows = await prisma.project.findMany({ where: { id: { in: ids } }, select: projectSelect });
  return { items: inPageOrder(ids, rows).map(toProject), nextCursor };
}

export async function getProject(id: string): Promise<Project> {
  const row = await (await db()).project.findUnique({ where: { id }, select: projectSelect });
  if (!row) throw notFound(PROJECT_MESSAGES.notFound);
  return toProject(row);
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Stored columns from the contract's fields; only the fields present are written (PATCH). */
function toData(input: ProjectUpdate): Prisma.ProjectUncheckedUpdateInput {
  const data: Prisma.ProjectUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = input.title.trim();
  if (input.description !== undefined) data.description = input.description.trim();
  if (input.problem !== undefined) data.problem = input.problem.trim();
  if (input.solution !== undefined) data.solution = input.solution.trim();
  if (input.challengeId !== undefined) data.challengeId = blankToNull(input.challengeId);
  if (input.insights !== undefined) data.insights = blankToNull(input.insights);
  if (input.imageUrl !== undefined) data.imageUrl = blankToNull(input.imageUrl);
  if (input.whitePaperUrl !== undefined) data.whitePaperUrl = blankToNull(input.whitePaperUrl);
  return data;
}

/** A linked challenge must exist (SPEC §3: the project is removed with it). 400, not a foreign-key 500. */
async function assertChallengeExists(challengeId: unknown) {
  if (typeof challengeId !== "string") return;
  const found = await (await db()).challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!found) throw new AppError("invalid_data", PROJECT_MESSAGES.challengeMissing);
}

/** The challenge was deleted between the check and the write: the foreign key refuses it, still a 400. */
function rethrowMissingChallenge(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new AppError("invalid_data", PROJECT_MESSAGES.challengeMissing);
  }
  throw error;
}

export async function createProject(input: ProjectInput): Promise<Project> {
  const data = toData(input);
  await assertChallengeExists(data.challengeId);
  const row = await (await db()).project
    .create({ data: data as Prisma.ProjectUncheckedCreateInput, select: projectSelect })
    .catch(rethrowMissingChallenge);
  return toProject(row);
}

export async function updateProject(id: string, input: ProjectUpdate): Promise<Project> {
  const prisma = await db();
  const data = toData(input);
  await assertChallengeExists(data.challengeId);
  await prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ imageUrl: string | null; whitePaperUrl: string | null }[]>`
      SELECT "imageUrl", "whitePaperUrl" FROM "projects" WHERE id = ${id} FOR UPDATE`;
    const { count } = await tx.project.updateMany({ where: { id }, data }).catch(rethrowMissingChallenge);
    if (count === 0 || !current) throw notFound(PROJECT_MESSAGES.notFound);
    await releaseFiles(tx, replacedUrls(current, data), `project-update:${id}`);
  });
  return getProject(id);
}

/** Deleting removes its resources and collaborators too (SPEC §3: removed with their project). */
export async function deleteProject(id: string): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    // Its resources go with it (cascade), and give up their files too.
    const owned = await tx.project.findUnique({
      where: { id },
      select: { imageUrl: true, whitePaperUrl: true, resources: { select: { imageUrl: true, fileUrl: true } } },
    });
    const { count } = await tx.project.deleteMany({ where: { id } });
    if (count === 0 || !owned) throw notFound(PROJECT_MESSAGES.notFound);
    const urls = [owned.imageUrl, owned.whitePaperUrl, ...owned.resources.flatMap((r) => [r.imageUrl, r.fileUrl])];
    await releaseFiles(tx, urls, `project-delete:${id}`);
  });
}
