// Conflicts of interest (decision 021): a judge never judges an entry when they are on its team, applied to the
// challenge themselves (any challenge_participants row), or share an affiliation with the company a team member gave
// in their application to the challenge. Affiliations compare lower-cased with all whitespace removed.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";

type Tx = Prisma.TransactionClient;

export const normaliseAffiliation = (s: string) => s.toLowerCase().replace(/\s+/g, "");

/** One excluded pair: the judge may not judge that entry, and why (the admin sees the reason). */
export type Conflict = { submissionId: string; judgeId: string; reason: string };

/** Every (entry, judge) conflict of the challenge's judges and submissions (`only`: that judge, and those entries). */
export async function conflictsFor(
  challengeId: string,
  client?: Tx,
  only?: { submissionId?: string | string[]; judgeId: string },
): Promise<Conflict[]> {
  const c = client ?? (await db());
  const [judges, submissions, applications] = await Promise.all([
    c.judge.findMany({
      where: { challengeId, ...(only ? { userId: only.judgeId } : {}) },
      select: { userId: true, user: { select: { affiliations: true } } },
    }),
    c.submission.findMany({
      where: {
        challengeId,
        ...(only?.submissionId === undefined
          ? {}
          : { id: typeof only.submissionId === "string" ? only.submissionId : { in: only.submissionId } }),
      },
      select: { id: true, members: { select: { userId: true } } },
    }),
    c.challengeParticipant.findMany({ where: { challengeId }, select: { userId: true, company: true } }),
  ]);
  const applied = new Set(applications.map((a) => a.userId));
  const companies = new Map<string, string[]>();
  for (const a of applications) {
    const key = normaliseAffiliation(a.company);
    if (!key) continue;
    companies.set(a.userId, [...(companies.get(a.userId) ?? []), a.company]);
  }
  const out: Conflict[] = [];
  for (const s of submissions) {
    const team = new Set(s.members.map((m) => m.userId));
    for (const j of judges) {
      if (team.has(j.userId)) {
        out.push({ submissionId: s.id, judgeId: j.userId, reason: "On the entry's team." });
        continue;
      }
      if (applied.has(j.userId)) {
        out.push({ submissionId: s.id, judgeId: j.userId, reason: "Applied to this challenge." });
        continue;
      }
      const mine = new Map(j.user.affiliations.map((a) => [normaliseAffiliation(a), a] as const));
      let shared: string | undefined;
      for (const member of team) {
        for (const company of companies.get(member) ?? []) {
          if (mine.has(normaliseAffiliation(company))) shared = company;
        }
      }
      if (shared !== undefined) {
        out.push({ submissionId: s.id, judgeId: j.userId, reason: `Shares an affiliation with a team member: ${shared}.` });
      }
    }
  }
  return out;
}

/** The reason the judge may not judge the entry, or null. */
export async function conflictReason(challengeId: string, submissionId: string, judgeId: string, client?: Tx) {
  const [found] = await conflictsFor(challengeId, client, { submissionId, judgeId });
  return found?.reason ?? null;
}
