// Awards (decision 021): admins name a challenge's winners — a label (Winner, Runner-up, People's Choice…), a rank and
// one SUBMITTED entry of that challenge — as drafts only admins see, then publish every draft at once (repeat-safe:
// a second publish changes nothing). The public sees published awards only, with the team's names.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { AppError, notFound } from "../../lib/errors";
import { teamMembers, teamName } from "./results";
import { type Award, type AwardBody, SCORE_MESSAGES as M } from "./schema";

type Tx = Prisma.TransactionClient;

const awardSelect = {
  id: true,
  challengeId: true,
  submissionId: true,
  label: true,
  rank: true,
  publishedAt: true,
  submission: { select: { members: teamMembers } },
} satisfies Prisma.AwardSelect;
type AwardRow = Prisma.AwardGetPayload<{ select: typeof awardSelect }>;
const awardOrder = [{ rank: "asc" }, { createdAt: "asc" }, { id: "asc" }] satisfies Prisma.AwardOrderByWithRelationInput[];

function toAward({ submission, publishedAt, ...rest }: AwardRow): Award {
  return { ...rest, team: teamName(submission.members), publishedAt: publishedAt ? publishedAt.toISOString() : null };
}

async function challengeExists(client: Tx, challengeId: string) {
  const found = await client.challenge.findUnique({ where: { id: challengeId }, select: { id: true } });
  if (!found) throw notFound(M.challengeNotFound);
}

/** The award's entry must be a SUBMITTED submission of the same challenge. */
async function checkEntry(client: Tx, challengeId: string, submissionId: string) {
  const entry = await client.submission.findUnique({ where: { id: submissionId }, select: { challengeId: true, status: true } });
  if (!entry || entry.challengeId !== challengeId) throw notFound(M.submissionNotFound);
  if (entry.status !== "SUBMITTED") throw new AppError("invalid_data", M.notSubmitted);
}

const label = (text: string) => text.trim();

/** Every award of the challenge, drafts too, by rank. */
export async function listAwards(challengeId: string): Promise<{ awards: Award[] }> {
  const client = await db();
  await challengeExists(client, challengeId);
  const rows = await client.award.findMany({ where: { challengeId }, orderBy: awardOrder, select: awardSelect });
  return { awards: rows.map(toAward) };
}

/** The challenge's published awards, by rank (what the public sees). */
export async function publishedAwards(challengeId: string, client?: Tx): Promise<Award[]> {
  const rows = await (client ?? (await db())).award.findMany({
    where: { challengeId, publishedAt: { not: null } },
    orderBy: awardOrder,
    select: awardSelect,
  });
  return rows.map(toAward);
}

export async function createAward(challengeId: string, body: AwardBody): Promise<Award> {
  const client = await db();
  await challengeExists(client, challengeId);
  await checkEntry(client, challengeId, body.submissionId);
  const row = await client.award.create({
    data: { challengeId, submissionId: body.submissionId, label: label(body.label), rank: body.rank },
    select: awardSelect,
  });
  return toAward(row);
}

export async function updateAward(awardId: string, body: Partial<AwardBody>): Promise<Award> {
  const client = await db();
  const award = await client.award.findUnique({ where: { id: awardId }, select: { challengeId: true } });
  if (!award) throw notFound(M.awardNotFound);
  if (body.submissionId !== undefined) await checkEntry(client, award.challengeId, body.submissionId);
  const row = await client.award.update({
    where: { id: awardId },
    data: {
      ...(body.label !== undefined && { label: label(body.label) }),
      ...(body.rank !== undefined && { rank: body.rank }),
      ...(body.submissionId !== undefined && { submissionId: body.submissionId }),
    },
    select: awardSelect,
  });
  return toAward(row);
}

export async function deleteAward(awardId: string): Promise<void> {
  const { count } = await (await db()).award.deleteMany({ where: { id: awardId } });
  if (count === 0) throw notFound(M.awardNotFound);
}

/** Publishes every draft award of the challenge (one UPDATE: two admins at once, or twice, publish each once). */
export async function publishAwards(challengeId: string): Promise<{ awards: Award[] }> {
  const client = await db();
  await challengeExists(client, challengeId);
  await client.award.updateMany({ where: { challengeId, publishedAt: null }, data: { publishedAt: new Date() } });
  return listAwards(challengeId);
}
