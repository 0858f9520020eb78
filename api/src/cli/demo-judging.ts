// The demo's judging (decisions 020, 021; README "Demo accounts"), seeded after seed.ts's rows by fixed ids:
// - Accessible Transit for All is in judging: an OPEN rubric round of four criteria (two shown to the teams) on its
//   four submitted entries, judged by `judge` and `priya`; priya has scored three entries, judge one of four.
// - Circular Schools is completed: its rubric round was scored by the same two judges and PUBLISHED — the snapshot
//   and its SHA-256 made by publishRound like an admin's publish — with the Winner and Runner-up awards published.
// Idempotent: a re-seed brings the open round back to its story; the published round is frozen, so once its result
// exists it is left exactly as it is.
import type { PrismaClient } from "../generated/prisma/client";
import { publishRound } from "../modules/judging/rounds";

const TRANSIT = "c0000002-5eed-4c00-8000-000000000002";
const SCHOOLS = "c0000006-5eed-4c00-8000-000000000006";
const id = (kind: string, n: number) => `${kind}-5eed-4a00-8000-${String(n).padStart(12, "0")}`;
const day = (offset: number) => new Date(Date.UTC(2026, 10, 1) + offset * 86_400_000);

type Criterion = readonly [label: string, guidance: string, min: number, max: number, weight: number, entrant: boolean];
type Sheet = readonly [
  judge: "judge" | "priya",
  submissionId: string,
  values: readonly number[],
  comments: readonly (string | null)[],
];
interface DemoRound {
  id: string;
  challengeId: string;
  name: string;
  state: "OPEN" | "CLOSED";
  openedAt: Date;
  closedAt: Date | null;
  criteria: readonly Criterion[];
  entries: readonly string[];
  assigned: readonly ("judge" | "priya")[];
  sheets: readonly Sheet[];
}

const T = ["5b100002", "5b100003", "5b100004", "5b100005"].map((p, i) => `${p}-5eed-4b00-8000-00000000000${i + 2}`);
const S = ["5b100006", "5b100007", "5b100008"].map((p, i) => `${p}-5eed-4b00-8000-00000000000${i + 6}`);

const ROUNDS: DemoRound[] = [
  {
    id: id("a7000001", 1),
    challengeId: TRANSIT,
    name: "Jury round",
    state: "OPEN",
    openedAt: day(20),
    closedAt: null,
    criteria: [
      [
        "Impact for riders",
        "How many riders gain a trip they could not make before, and how much easier it gets.",
        0,
        10,
        3,
        true,
      ],
      ["Feasibility", "Could the transit agency run it next year with its own staff and budget?", 0, 10, 2, true],
      ["Accessible design", "Tested with disabled riders; works offline and without a smartphone.", 1, 5, 2, false],
      ["Team readiness", "Skills and time to carry a pilot.", 1, 5, 1, false],
    ],
    entries: T,
    assigned: ["judge", "priya"],
    sheets: [
      [
        "judge",
        T[0]!,
        [8, 6, 4, 4],
        ["Real-time lift status is exactly what riders asked for.", "Depends on the agency's feed.", null, null],
      ],
      ["priya", T[0]!, [9, 5, 5, 4], ["Strong rider research.", "The lift feed is the risk: plan a fallback.", null, null]],
      ["priya", T[1]!, [7, 8, 4, 5], ["Cheap and quick to run.", "Volunteers are already lined up.", null, null]],
      [
        "priya",
        T[2]!,
        [6, 7, 5, 3],
        ["Helps riders with low vision at every stop.", "Hardware upkeep needs an owner.", null, null],
      ],
    ],
  },
  {
    id: id("a7000001", 2),
    challengeId: SCHOOLS,
    name: "Final jury",
    state: "CLOSED",
    openedAt: day(-135),
    closedAt: day(-125),
    criteria: [
      ["Waste reduced", "Measured in the pilot schools, per pupil and week.", 0, 10, 3, true],
      ["Easy to run in a school", "Can canteen staff and teachers keep it going without the team?", 0, 10, 2, true],
      ["Cost", "Running cost per school and year (5: lowest).", 1, 5, 1, false],
    ],
    entries: S,
    assigned: ["judge", "priya"],
    sheets: [
      ["judge", S[0]!, [9, 8, 4], ["Halved canteen packaging in six weeks.", "Kitchen staff ran it alone by week three.", null]],
      ["priya", S[0]!, [8, 9, 4], ["Clear before-and-after figures.", "Simple routines.", null]],
      ["judge", S[1]!, [7, 7, 5], ["Fewer broken items thrown away.", "Needs a volunteer fixer each month.", null]],
      ["priya", S[1]!, [7, 6, 5], ["Pupils loved it.", "Hard to staff in small schools.", null]],
      ["judge", S[2]!, [5, 8, 5], ["Measures waste well; reduces less.", "Ready to use.", null]],
      ["priya", S[2]!, [6, 7, 4], ["A method others can reuse.", null, null]],
    ],
  },
];

const AWARDS = [
  { id: id("a7300001", 1), challengeId: SCHOOLS, submissionId: S[0]!, label: "Winner", rank: 1 },
  { id: id("a7300001", 2), challengeId: SCHOOLS, submissionId: S[1]!, label: "Runner-up", rank: 2 },
];

export async function seedDemoJudging(prisma: PrismaClient): Promise<void> {
  const people = await prisma.user.findMany({
    where: { username: { in: ["judge", "priya", "admin"] } },
    select: { id: true, username: true },
  });
  const userId = Object.fromEntries(people.map((p) => [p.username, p.id])) as Record<"judge" | "priya" | "admin", string>;

  for (const [r, round] of ROUNDS.entries()) {
    const published = await prisma.roundResult.findUnique({ where: { roundId: round.id }, select: { roundId: true } });
    if (published && round.state === "CLOSED") continue; // frozen: the story's end
    await prisma.$transaction(async (tx) => {
      for (const judge of round.assigned)
        await tx.judge.upsert({
          where: { challengeId_userId: { challengeId: round.challengeId, userId: userId[judge] } },
          create: { challengeId: round.challengeId, userId: userId[judge] },
          update: {},
        });
      for (const submissionId of round.entries) {
        const check = { challengeId: round.challengeId, verdict: "PASS" as const, reason: null, decidedAt: round.openedAt };
        await tx.eligibilityCheck.upsert({ where: { submissionId }, create: { submissionId, ...check }, update: check });
      }
      await tx.roundResult.deleteMany({ where: { roundId: round.id } });
      const data = {
        challengeId: round.challengeId,
        position: 1,
        name: round.name,
        method: "RUBRIC" as const,
        state: round.state,
        judgesPerEntry: round.assigned.length,
        carryForward: null,
        rankBy: "NORMALISED" as const,
        opensAt: null,
        closesAt: null,
        openedAt: round.openedAt,
        closedAt: round.closedAt,
        publishedAt: null,
      };
      await tx.judgingRound.upsert({ where: { id: round.id }, create: { id: round.id, ...data }, update: data });
      const criterionIds = round.criteria.map((_, c) => id("a7100001", r * 100 + c + 1));
      await tx.judgingCriterion.deleteMany({ where: { roundId: round.id, id: { notIn: criterionIds } } });
      for (const [c, [label, guidance, min, max, weight, entrant]] of round.criteria.entries()) {
        const row = {
          roundId: round.id,
          position: c + 1,
          label,
          guidance,
          min,
          max,
          weight,
          visibility: entrant ? ("ENTRANT" as const) : ("PRIVATE" as const),
        };
        await tx.judgingCriterion.upsert({
          where: { id: criterionIds[c]! },
          create: { id: criterionIds[c]!, ...row },
          update: row,
        });
      }
      await tx.roundEntry.deleteMany({ where: { roundId: round.id, submissionId: { notIn: [...round.entries] } } });
      await tx.roundEntry.createMany({
        data: round.entries.map((submissionId) => ({ roundId: round.id, submissionId })),
        skipDuplicates: true,
      });
      const assignmentIds = round.entries.flatMap((_, e) =>
        round.assigned.map((_, j) => id("a7200001", r * 100 + e * 10 + j + 1)),
      );
      // Others first (an admin's assignments since the last seed): one judge per entry once.
      await tx.judgeAssignment.deleteMany({ where: { roundId: round.id, id: { notIn: assignmentIds } } });
      for (const [e, submissionId] of round.entries.entries())
        for (const [j, judge] of round.assigned.entries()) {
          const assignmentId = assignmentIds[e * round.assigned.length + j]!;
          const row = {
            roundId: round.id,
            submissionId,
            judgeId: userId[judge],
            manual: false,
            recusedAt: null,
            recusalReason: null,
          };
          await tx.judgeAssignment.upsert({ where: { id: assignmentId }, create: { id: assignmentId, ...row }, update: row });
        }
      await tx.judgeScore.deleteMany({ where: { assignmentId: { in: assignmentIds } } });
      for (const [judge, submissionId, values, comments] of round.sheets) {
        const assignmentId =
          assignmentIds[round.entries.indexOf(submissionId) * round.assigned.length + round.assigned.indexOf(judge)]!;
        await tx.judgeScore.createMany({
          data: values.map((value, c) => ({ assignmentId, criterionId: criterionIds[c]!, value, comment: comments[c] ?? null })),
        });
      }
    });
    // A closed round is published as an admin publishes it: the snapshot and its hash from the scores above.
    if (round.state === "CLOSED") await publishRound(round.id, userId.admin, prisma);
  }

  for (const { id: awardId, ...award } of AWARDS) {
    const data = { ...award, publishedAt: day(-120) };
    await prisma.award.upsert({ where: { id: awardId }, create: { id: awardId, ...data }, update: data });
  }
}
