// What judging shows outside the admins (decisions 020, 021): the public results — published rounds' frozen snapshots
// with their SHA-256 and the published awards — and a team's own feedback. Nothing here reads a round before it is
// published, names a judge, or shows another team's scores.
import { db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { publishedAwards } from "./awards";
import { type MyResults, type PublicResults, SCORE_MESSAGES as M } from "./schema";

interface SnapshotEntry {
  submissionId: string;
  rank: number | null;
}

/** A challenge the public may see (not a DRAFT): its published rounds, in order, and its published awards. */
export async function publicResults(challengeId: string): Promise<PublicResults> {
  const client = await db();
  const challenge = await client.challenge.findUnique({ where: { id: challengeId }, select: { status: true } });
  if (!challenge || challenge.status === "DRAFT") throw notFound(M.challengeNotFound);
  const [results, awards] = await Promise.all([
    client.roundResult.findMany({
      where: { challengeId, round: { state: "PUBLISHED" } },
      orderBy: { round: { position: "asc" } },
      select: { roundId: true, snapshot: true, sha256: true, publishedAt: true, round: { select: { method: true } } },
    }),
    publishedAwards(challengeId, client),
  ]);
  return {
    rounds: results.map((r) => ({
      roundId: r.roundId,
      method: r.round.method,
      publishedAt: r.publishedAt.toISOString(),
      // parsed from exactly the stored text: canonicalising it again gives that text, byte for byte
      snapshot: JSON.parse(r.snapshot) as unknown,
      sha256: r.sha256,
    })),
    awards,
  };
}

/**
 * The caller's team's results: per published round the team was in, its frozen rank and the scores and comments of
 * ENTRANT criteria from complete sheets, the judges numbered "Judge 1", "Judge 2"… in a stable order (by assignment),
 * never named. 404 when the caller has no team on the challenge.
 */
export async function myResults(challengeId: string, userId: string): Promise<MyResults> {
  const client = await db();
  const team = await client.teamMember.findUnique({
    where: { challengeId_userId: { challengeId, userId } },
    select: { submissionId: true },
  });
  if (!team) throw notFound(M.noTeam);
  const { submissionId } = team;
  const rounds = await client.judgingRound.findMany({
    where: { challengeId, state: "PUBLISHED", entries: { some: { submissionId } }, result: { isNot: null } },
    orderBy: { position: "asc" },
    select: {
      id: true,
      name: true,
      method: true,
      result: { select: { snapshot: true } },
      criteria: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { id: true, label: true, min: true, max: true, visibility: true },
      },
    },
  });
  const out: MyResults["rounds"] = [];
  for (const round of rounds) {
    const snapshot = JSON.parse(round.result!.snapshot) as { entries: SnapshotEntry[] };
    const mine = snapshot.entries.find((e) => e.submissionId === submissionId);
    const shown = round.criteria.filter((c) => c.visibility === "ENTRANT");
    let feedback: MyResults["rounds"][number]["feedback"] = [];
    if (round.method === "RUBRIC" && shown.length > 0) {
      const assignments = await client.judgeAssignment.findMany({
        where: { roundId: round.id, submissionId, recusedAt: null },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { scores: { select: { criterionId: true, value: true, comment: true } } },
      });
      // Only complete sheets count (as in the results); each gets its number among them.
      const complete = assignments.filter((a) => a.scores.length === round.criteria.length);
      feedback = shown.map((c) => ({
        criterionId: c.id,
        label: c.label,
        min: c.min,
        max: c.max,
        scores: complete.flatMap((a, i) => {
          const score = a.scores.find((s) => s.criterionId === c.id);
          return score ? [{ judge: `Judge ${i + 1}`, value: score.value, comment: score.comment }] : [];
        }),
      }));
    }
    out.push({
      roundId: round.id,
      name: round.name,
      method: round.method,
      rank: mine?.rank ?? null,
      entries: snapshot.entries.length,
      feedback,
    });
  }
  return { submissionId, rounds: out };
}
