// Test data for score sheets and results (decisions 020, 021): rounds written straight to the database, so these
// tests do not depend on the panel's automatic assignment.
import { db } from "../src/db/client";
import { as } from "./client";
import { createChallenge, createUser, unique } from "./factories";

/** An OPEN rubric round with two criteria, one entry and two judges assigned to it. */
export async function openRubricRound() {
  const prisma = await db();
  const challenge = await createChallenge();
  const entrant = await createUser({ firstName: "Ada", lastName: "Team", email: `${unique("entrant")}@example.com` });
  const submission = await prisma.submission.create({
    data: {
      challengeId: challenge.id,
      status: "SUBMITTED",
      version: 1,
      submittedAt: new Date(),
      members: { create: { challengeId: challenge.id, userId: entrant.id, role: "OWNER" } },
    },
  });
  const round = await prisma.judgingRound.create({
    data: { challengeId: challenge.id, position: 1, name: "Rubric", method: "RUBRIC", state: "OPEN", openedAt: new Date() },
  });
  const impact = await prisma.judgingCriterion.create({
    data: { roundId: round.id, position: 1, label: "Impact", min: 0, max: 10, weight: 2, visibility: "ENTRANT" },
  });
  const craft = await prisma.judgingCriterion.create({
    data: { roundId: round.id, position: 2, label: "Craft", min: 1, max: 5, weight: 1, visibility: "PRIVATE" },
  });
  await prisma.roundEntry.create({ data: { roundId: round.id, submissionId: submission.id } });
  const judges = [];
  for (const name of ["Jo", "Kim"]) {
    const user = await createUser({ firstName: name });
    await prisma.judge.create({ data: { challengeId: challenge.id, userId: user.id } });
    const assignment = await prisma.judgeAssignment.create({
      data: { roundId: round.id, submissionId: submission.id, judgeId: user.id },
    });
    judges.push({ user, api: as(user), assignmentId: assignment.id });
  }
  return { challenge, entrant, submission, round, impact, craft, judges };
}

/** A team of one (`firstName` Team) with a submission in `status` on the challenge. */
export async function submittedTeam(challengeId: string, firstName: string, status: "SUBMITTED" | "WITHDRAWN" = "SUBMITTED") {
  const user = await createUser({ firstName, lastName: "Team", email: `${unique("entrant")}@example.com` });
  const submission = await (await db()).submission.create({
    data: {
      challengeId,
      status,
      version: 1,
      submittedAt: new Date(),
      members: { create: { challengeId, userId: user.id, role: "OWNER" } },
    },
  });
  return { user, submissionId: submission.id };
}
