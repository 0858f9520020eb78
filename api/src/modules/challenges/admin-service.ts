// Challenge management (section `challenges`): create, edit, delete, and archive a completed challenge into a
// project (plus draft resources when asked). Plain functions; AppError on failure.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import {
  DEFAULT_CHALLENGE_STATUS,
  END_BEFORE_START,
  parseTextList,
  type ArchiveResult,
  type Challenge,
  type ChallengeInput,
  type ChallengeUpdate,
} from "./schema";
import { getChallenge } from "./service";
import { releaseFiles, replacedUrls } from "../uploads/references";
import { type ProjectSeed, projectSeed } from "../submissions/admin-service";

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Stored columns from the contract's fields; only the fields present are written (PATCH). */
function toData(input: ChallengeUpdate): Prisma.ChallengeUpdateInput {
  const data: Prisma.ChallengeUpdateInput = {};
  if (input.title !== undefined) data.title = input.title.trim();
  if (input.description !== undefined) data.description = input.description.trim();
  if (input.fullDescription !== undefined) data.fullDescription = blankToNull(input.fullDescription);
  if (input.status !== undefined) data.status = input.status;
  if (input.startDate !== undefined) data.startDate = new Date(input.startDate);
  if (input.endDate !== undefined) data.endDate = input.endDate ? new Date(input.endDate) : null;
  if (input.imageUrl !== undefined) data.imageUrl = blankToNull(input.imageUrl);
  if (input.requirements !== undefined)
    data.requirements = parseTextList(input.requirements)
      .map((s) => s.trim())
      .filter(Boolean);
  if (input.outcomes !== undefined)
    data.outcomes = parseTextList(input.outcomes)
      .map((s) => s.trim())
      .filter(Boolean);
  if (input.timeline !== undefined) data.timeline = blankToNull(input.timeline);
  if (input.teamSize !== undefined) data.teamSize = input.teamSize;
  return data;
}

function assertDates(start: Date, end: Date | null | undefined) {
  if (end && end < start) throw new AppError("invalid_data", END_BEFORE_START);
}

export async function createChallenge(input: ChallengeInput): Promise<Challenge> {
  const data = toData({ status: DEFAULT_CHALLENGE_STATUS, ...input });
  assertDates(data.startDate as Date, data.endDate as Date | null);
  const row = await (await db()).challenge.create({ data: data as Prisma.ChallengeCreateInput, select: { id: true } });
  return getChallenge(row.id, { includeDraft: true });
}

/**
 * Two admins may save one challenge at once, or one delete it meanwhile: the row is locked for the change, so the
 * date rule is checked against the dates as they are (one admin moving the start, another the end, cannot leave the
 * end before the start) and an edit that comes after a delete answers 404, not a failed write.
 */
export async function updateChallenge(id: string, input: ChallengeUpdate): Promise<Challenge> {
  const data = toData(input);
  await (await db()).$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ startDate: Date; endDate: Date | null; imageUrl: string | null }[]>`
      SELECT "startDate", "endDate", "imageUrl" FROM "challenges" WHERE id = ${id} FOR UPDATE`;
    if (!current) throw notFound("Challenge not found");
    assertDates(
      (data.startDate as Date | undefined) ?? current.startDate,
      data.endDate === undefined ? current.endDate : (data.endDate as Date | null),
    );
    await tx.challenge.update({ where: { id }, data });
    await releaseFiles(tx, replacedUrls({ imageUrl: current.imageUrl }, data), `challenge-update:${id}`);
  });
  return getChallenge(id, { includeDraft: true });
}

/** Deleting removes its applications and archived projects too (SPEC §3: removed with their challenge). */
export async function deleteChallenge(id: string): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    // What goes with it (its projects and their resources, by cascade) gives up its files too.
    const owned = await tx.challenge.findUnique({
      where: { id },
      select: {
        imageUrl: true,
        projects: { select: { imageUrl: true, whitePaperUrl: true, resources: { select: { imageUrl: true, fileUrl: true } } } },
      },
    });
    const { count } = await tx.challenge.deleteMany({ where: { id } });
    if (count === 0 || !owned) throw notFound("Challenge not found");
    const urls = [
      owned.imageUrl,
      ...owned.projects.flatMap((p) => [p.imageUrl, p.whitePaperUrl, ...p.resources.flatMap((r) => [r.imageUrl, r.fileUrl])]),
    ];
    await releaseFiles(tx, urls, `challenge-delete:${id}`);
  });
}

/** Draft resources an archived challenge starts the library with; an admin completes and publishes them. */
const SPAWNED_RESOURCES = [
  { type: "RESEARCH", title: (t: string) => `${t}: white paper` },
  { type: "TOOL", title: (t: string) => `${t}: toolkit` },
  { type: "BEST_PRACTICE", title: (t: string) => `${t}: lessons learned` },
] as const;

/**
 * SPEC §4: only a COMPLETED challenge can be archived; archiving creates its project and, when asked, draft
 * resources. The challenge row is locked for the transaction, so a double click or two admins at once archive it
 * once: the second finds the project and gets 409.
 */
export async function archiveChallenge(
  id: string,
  { spawnResources = false, submissionId }: { spawnResources?: boolean; submissionId?: string } = {},
): Promise<ArchiveResult> {
  // A chosen submission seeds the project (decision 019): read, and its white paper copied, before the transaction
  // (storage is no part of it); the copy goes again when the archive is refused.
  const seed = submissionId ? await projectSeed(id, submissionId) : null;
  try {
    return await archiveInto(id, spawnResources, seed);
  } catch (error) {
    await seed?.discard();
    throw error;
  }
}

async function archiveInto(id: string, spawnResources: boolean, seed: ProjectSeed | null): Promise<ArchiveResult> {
  return (await db()).$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "challenges" WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw notFound("Challenge not found");
    const challenge = await tx.challenge.findUniqueOrThrow({ where: { id } });
    if (challenge.status !== "COMPLETED") throw new AppError("conflict", "Only completed challenges can be archived");
    if (await tx.project.findFirst({ where: { challengeId: id }, select: { id: true } })) {
      throw new AppError("conflict", "This challenge has already been archived");
    }
    const outcomes = parseTextList(challenge.outcomes);
    const project = await tx.project.create({
      data: {
        challengeId: id,
        title: challenge.title,
        description: challenge.description,
        problem: seed?.problem ?? (challenge.fullDescription?.trim() || challenge.description),
        solution:
          seed?.solution ??
          (outcomes.length ? outcomes.map((o) => `• ${o}`).join("\n") : "To be documented by the challenge team."),
        imageUrl: challenge.imageUrl,
        whitePaperUrl: seed?.whitePaperUrl ?? null,
      },
      select: { id: true },
    });
    const resourceIds: string[] = [];
    if (spawnResources) {
      for (const spec of SPAWNED_RESOURCES) {
        const resource = await tx.resource.create({
          data: {
            projectId: project.id,
            title: spec.title(challenge.title),
            description: `Draft created when "${challenge.title}" was archived. Add the file and a description, then publish.`,
            type: spec.type,
            accessLevel: "FREE",
            draft: true,
          },
          select: { id: true },
        });
        resourceIds.push(resource.id);
      }
    }
    return { projectId: project.id, resourceIds };
  });
}
