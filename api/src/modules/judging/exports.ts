// A round's results as files for admins (decision 021): CSV or JSON, by judge (every judge's sheet on every entry
// they were assigned, recused ones included with their reason; a pairwise round's decisions) or by entry (the
// results' rows). CSV cells are formula-safe (lib/csv.ts). The figures are the results' own (results.ts).
import { db } from "../../db/client";
import { type CsvValue, csvText } from "../../lib/csv";
import { loadResults, teamMembers, teamName } from "./results";

export type ExportFormat = "csv" | "json";
export type ExportBy = "judge" | "entry";

const personName = (u: { username: string; firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;
const judgeSelect = { select: { username: true, firstName: true, lastName: true } } as const;

type Table = { header: string[]; rows: CsvValue[][]; records: Record<string, unknown>[] };

async function byEntry(roundId: string): Promise<Table> {
  const { criteria, rows } = await loadResults(await db(), roundId);
  const header = [
    "Rank",
    "Submission",
    "Team",
    "Normalised",
    "Mean",
    "Judges",
    ...criteria.map((c) => c.label),
    "Mu",
    "Sigma",
    "Votes",
  ];
  return {
    header,
    rows: rows.map((r) => [
      r.rank,
      r.submissionId,
      r.team,
      r.normalised,
      r.mean,
      r.judges,
      ...criteria.map((c) => r.criteria.find((a) => a.criterionId === c.id)?.mean ?? null),
      r.mu,
      r.sigma,
      r.votes,
    ]),
    records: rows,
  };
}

async function byJudge(roundId: string): Promise<Table> {
  const client = await db();
  const { round, criteria, sheets } = await loadResults(client, roundId);
  if (round.method === "PAIRWISE") {
    const decisions = await client.pairwiseDecision.findMany({
      where: { roundId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, createdAt: true, undoneAt: true, winnerId: true, loserId: true, judge: judgeSelect },
    });
    const records = decisions.map((d) => ({
      decisionId: d.id,
      judge: d.judge.username,
      judgeName: personName(d.judge),
      winnerId: d.winnerId,
      loserId: d.loserId,
      createdAt: d.createdAt.toISOString(),
      undoneAt: d.undoneAt ? d.undoneAt.toISOString() : null,
    }));
    return {
      header: ["Decision", "Judge", "Judge name", "Winner", "Loser", "Decided at", "Undone at"],
      rows: records.map((r) => [r.decisionId, r.judge, r.judgeName, r.winnerId, r.loserId, r.createdAt, r.undoneAt]),
      records,
    };
  }
  const assignments = await client.judgeAssignment.findMany({
    where: { roundId },
    orderBy: [{ judge: { username: "asc" } }, { submissionId: "asc" }, { id: "asc" }],
    select: {
      judgeId: true,
      submissionId: true,
      recusedAt: true,
      recusalReason: true,
      judge: judgeSelect,
      submission: { select: { members: teamMembers } },
      scores: { select: { criterionId: true, value: true, comment: true } },
    },
  });
  const sheet = new Map(sheets.map((s) => [`${s.judgeId} ${s.entryId}`, s]));
  const records = assignments.map((a) => {
    const done = a.recusedAt ? undefined : sheet.get(`${a.judgeId} ${a.submissionId}`);
    return {
      judge: a.judge.username,
      judgeName: personName(a.judge),
      submissionId: a.submissionId,
      team: teamName(a.submission.members),
      recusedAt: a.recusedAt ? a.recusedAt.toISOString() : null,
      recusalReason: a.recusalReason,
      complete: done !== undefined,
      total: done?.total ?? null,
      z: done?.z ?? null,
      scores: criteria.map((c) => {
        const s = a.scores.find((x) => x.criterionId === c.id);
        return { criterionId: c.id, label: c.label, value: s?.value ?? null, comment: s?.comment ?? null };
      }),
    };
  });
  return {
    header: [
      "Judge",
      "Judge name",
      "Submission",
      "Team",
      "Complete",
      "Total",
      "Z",
      ...criteria.flatMap((c) => [c.label, `${c.label} comment`]),
      "Recused at",
      "Recusal reason",
    ],
    rows: records.map((r) => [
      r.judge,
      r.judgeName,
      r.submissionId,
      r.team,
      r.complete ? "yes" : "no",
      r.total,
      r.z,
      ...r.scores.flatMap((s) => [s.value, s.comment]),
      r.recusedAt,
      r.recusalReason,
    ]),
    records,
  };
}

/** The export's body, its content type and its file name. */
export async function roundExport(roundId: string, format: ExportFormat, by: ExportBy) {
  const table = by === "judge" ? await byJudge(roundId) : await byEntry(roundId);
  const filename = `round-${roundId}-by-${by}.${format}`;
  return format === "csv"
    ? { body: csvText(table.header, table.rows), type: "text/csv; charset=utf-8", filename }
    : { body: JSON.stringify({ roundId, by, rows: table.records }, null, 2), type: "application/json", filename };
}
