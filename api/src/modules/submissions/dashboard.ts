// What /dashboard shows of the submissions (SPEC "Where people work", decision 019): per challenge, each visible
// deliverable with its state for the caller's team and the due time that applies to it, and the team with its
// pending invitations. Read in two queries for a page of challenges (GET /api/my-challenges).
import { db } from "../../db/client";
import type { ChallengeWork, DeliverableState } from "./schema";

const person = { select: { id: true, username: true, firstName: true, lastName: true } } as const;
const toPerson = (u: { id: string; username: string; firstName: string | null; lastName: string | null }) => ({
  userId: u.id,
  username: u.username,
  name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username,
});

/** The caller's work for each of `challengeIds` (every id answered; no team: `team` null, every deliverable NOT_STARTED). */
export async function myWork(userId: string, challengeIds: string[]): Promise<Map<string, ChallengeWork>> {
  const prisma = await db();
  const [deliverables, memberships] = await Promise.all([
    prisma.deliverable.findMany({
      where: { challengeId: { in: challengeIds }, hidden: false },
      select: { id: true, challengeId: true, title: true, kind: true, required: true, dueAt: true },
      orderBy: [{ challengeId: "asc" }, { position: "asc" }],
    }),
    prisma.teamMember.findMany({
      where: { userId, challengeId: { in: challengeIds } },
      select: {
        challengeId: true,
        submission: {
          select: {
            status: true,
            version: true,
            extendedUntil: true,
            items: { select: { deliverableId: true } },
            members: { select: { role: true, user: person }, orderBy: [{ joinedAt: "asc" }, { userId: "asc" }] },
            invitations: { where: { status: "PENDING" }, select: { id: true, invitee: person }, orderBy: { createdAt: "asc" } },
          },
        },
      },
    }),
  ]);
  const teams = new Map(memberships.map((m) => [m.challengeId, m.submission]));
  const work = new Map<string, ChallengeWork>();
  for (const challengeId of challengeIds) {
    const team = teams.get(challengeId);
    const filled = new Set(team?.items.map((i) => i.deliverableId));
    const extended = team?.extendedUntil ?? null;
    work.set(challengeId, {
      deliverables: deliverables
        .filter((d) => d.challengeId === challengeId)
        .map((d) => {
          const state: DeliverableState = !filled.has(d.id)
            ? "NOT_STARTED"
            : team?.status === "SUBMITTED"
              ? "SUBMITTED"
              : "DRAFT";
          const dueAt = d.dueAt && extended && extended > d.dueAt ? extended : d.dueAt;
          return { id: d.id, title: d.title, kind: d.kind, required: d.required, dueAt: dueAt?.toISOString() ?? null, state };
        }),
      team: team
        ? {
            status: team.status,
            version: team.version,
            members: team.members.map((m) => ({ ...toPerson(m.user), role: m.role })),
            invitations: team.invitations.map((i) => ({ id: i.id, invitee: toPerson(i.invitee) })),
          }
        : null,
    });
  }
  return work;
}
