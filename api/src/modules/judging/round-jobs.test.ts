// Closing at its time across processes (decision 021): two server processes on one PostgreSQL (PGlite is one process
// by design) reach a round's close time together, each running the close the way the job and the sweep do; the
// conditional UPDATE lets exactly one of all their calls close it, once.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { as } from "../../../test/client";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";

test.skipIf(process.env.TEST_DATABASE !== "postgres")(
  "two processes closing one round at its time close it once",
  async () => {
    const challenge = await createChallenge();
    const api = as(await createUser({ toolAccess: ["challenges"] }));
    const prisma = await db();
    const submission = await prisma.submission.create({ data: { challengeId: challenge.id, status: "SUBMITTED", version: 1 } });
    await api.challenges({ id: challenge.id }).eligibility({ submissionId: submission.id }).put({ verdict: "PASS" });
    const round = (await api.challenges({ id: challenge.id }).rounds.post({ name: "Vote", method: "PUBLIC_VOTE" })).data!;
    expect((await api.rounds({ roundId: round.id }).open.post()).data!.state).toBe("OPEN");
    // The close time is set behind the API (no close job; this process runs no queue): only the two children close it.
    const closesAt = new Date(Date.now() + 4000);
    await prisma.judgingRound.update({ where: { id: round.id }, data: { closesAt } });

    const child = join(import.meta.dir, "../../../test/round-close-child.ts");
    const env = { ...process.env, ROUND_ID: round.id, ROUND_CLOSES_AT: closesAt.toISOString() };
    const children = [0, 1].map(() => Bun.spawn([process.execPath, child], { env, stdout: "pipe", stderr: "inherit" }));
    const outputs = await Promise.all(children.map(async (p) => [await p.exited, await new Response(p.stdout).text()] as const));
    for (const [code] of outputs) expect(code).toBe(0);
    const closed = outputs.map(([, out]) => Number(out.match(/closed (\d+)/)?.[1]));
    expect(closed[0]! + closed[1]!).toBe(1);
    const after = await prisma.judgingRound.findUniqueOrThrow({
      where: { id: round.id },
      select: { state: true, closedAt: true },
    });
    expect(after.state).toBe("CLOSED");
    expect(after.closedAt!.getTime()).toBeGreaterThanOrEqual(closesAt.getTime() - 1000);
  },
  60_000,
);
