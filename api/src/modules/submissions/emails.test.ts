// The submissions' e-mails (decision 019), read from the in-process SMTP server: the invitee hears who invited them
// to which challenge; every member gets a receipt at Submit with the version and each file's SHA-256; the reminder
// goes 24 hours before a due time to teams that have not submitted — once per team and deliverable, however many
// sweeps run at once (and, on PostgreSQL, from two processes), following an admin's extension.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { drain, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { INVITATION_MAIL_JOB, RECEIPT_MAIL_JOB, REMINDER_MAIL_JOB, sweepReminders } from "./emails";

withJobQueue();

const HOUR = 3600_000;

async function approved(challengeId: string) {
  const user = await createUser({ firstName: "Ada", lastName: `L${Math.random().toString(36).slice(2, 7)}` });
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return { user, api: as(user) };
}

/** A team of two on a challenge with one deliverable of each kind due in `dueInMs`. */
async function teamOfTwo(challengeId: string) {
  const [owner, mate] = [await approved(challengeId), await approved(challengeId)];
  const team = (who: typeof owner) => who.api.challenges({ id: challengeId }).submission;
  const started = await team(owner).post();
  await team(owner).invitations.post({ usernameOrEmail: mate.user.username });
  const [invitation] = (await mate.api["my-invitations"].get()).data!;
  await mate.api["my-invitations"]({ id: invitation!.id }).accept.post();
  return { owner, mate, team, submissionId: started.data!.id };
}

async function challengeWith(dueAt: Date | null) {
  const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
  const prisma = await db();
  const make = (position: number, title: string, kind: "URL" | "TEXT" | "FILE", required: boolean) =>
    prisma.deliverable.create({ data: { challengeId: challenge.id, position, title, kind, required, dueAt } });
  return {
    challenge,
    link: await make(1, "Prototype link", "URL", true),
    story: await make(2, "Our story", "TEXT", true),
    deck: await make(3, "Pitch deck", "FILE", false),
  };
}

describe("team invitation", () => {
  test("the invitee learns who invited them to which challenge, with the link to /dashboard", async () => {
    const { challenge } = await challengeWith(null);
    const [owner, mate] = [await approved(challenge.id), await approved(challenge.id)];
    const team = owner.api.challenges({ id: challenge.id }).submission;
    await team.post();
    expect((await team.invitations.post({ usernameOrEmail: mate.user.email })).status).toBe(200);
    await drain(INVITATION_MAIL_JOB);
    const mail = await waitForMail(mate.user.email, /invited you/);
    expect(mail.subject).toBe(`Ada ${owner.user.lastName} invited you to their team for ${challenge.title}`);
    expect(mail.text).toContain(`@${owner.user.username}`);
    expect(mail.text).toContain(challenge.title);
    expect(mail.links).toContain("http://localhost:3000/dashboard");
    expect(mailsTo(owner.user.email).filter((m) => /invited you/.test(m.subject))).toHaveLength(0);
  });
});

describe("receipt", () => {
  test("every member gets version 1 with each file's SHA-256 and each link's and text's title; a repeat sends nothing", async () => {
    const { challenge, link, story, deck } = await challengeWith(new Date(Date.now() + 10 * 24 * HOUR));
    const { owner, mate, team, submissionId } = await teamOfTwo(challenge.id);
    await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org/demo", revision: 0 });
    await team(mate).items({ deliverableId: story.id }).put({ text: "Less litter.", revision: 0 });
    // A file entry as the uploads pipeline leaves it (uploads are another module's tests).
    const sha256 = "a".repeat(64);
    await (await db()).submissionItem.create({
      data: {
        submissionId,
        deliverableId: deck.id,
        fileKey: "submissions/x/deck.pdf",
        fileName: "deck.pdf",
        fileType: "application/pdf",
        fileBytes: 1234,
        sha256,
      },
    });
    expect((await team(mate).submit.post()).data?.version).toBe(1);
    await team(owner).submit.post(); // a repeat: no new version, no second receipt
    await drain(RECEIPT_MAIL_JOB);
    for (const member of [owner, mate]) {
      const receipts = mailsTo(member.user.email).filter((m) => m.subject.startsWith("Submission received"));
      expect(receipts).toHaveLength(1);
      const [mail] = receipts;
      expect(mail!.subject).toBe(`Submission received: ${challenge.title} (version 1)`);
      expect(mail!.text).toContain(`Pitch deck: file deck.pdf (1234 bytes), SHA-256 ${sha256}`);
      expect(mail!.text).toContain("Prototype link: link https://example.org/demo");
      expect(mail!.text).toContain("Our story: text");
      expect(mail!.links).toContain(`http://localhost:3000/challenges/${challenge.id}/submission`);
    }
  });
});

const reminders = (email: string) => mailsTo(email).filter((m) => m.subject.startsWith("Reminder:"));

describe("reminder 24 hours before a due time", () => {
  test("to each member of a team that has not submitted, once however many sweeps run; none to a submitted team", async () => {
    const { challenge, link, story } = await challengeWith(new Date(Date.now() + 23 * HOUR));
    const drafting = await teamOfTwo(challenge.id);
    const done = await teamOfTwo(challenge.id);
    await done.team(done.owner).items({ deliverableId: link.id }).put({ url: "https://example.org/a", revision: 0 });
    await done.team(done.owner).items({ deliverableId: story.id }).put({ text: "Done.", revision: 0 });
    await done.team(done.owner).submit.post();

    await Promise.all(Array.from({ length: 5 }, () => sweepReminders()));
    await sweepReminders();
    await drain(REMINDER_MAIL_JOB);
    for (const member of [drafting.owner, drafting.mate]) {
      // One per deliverable with a due time: three deliverables, three reminders, never two for one.
      const subjects = reminders(member.user.email).map((m) => m.subject);
      expect(subjects.toSorted()).toEqual(
        ["Pitch deck", "Our story", "Prototype link"]
          .map((t) => `Reminder: "${t}" for ${challenge.title} is due in 24 hours`)
          .toSorted(),
      );
    }
    expect(reminders(done.owner.user.email)).toHaveLength(0);
    expect(reminders(done.mate.user.email)).toHaveLength(0);
  });

  test("not yet 24 hours before; an extension moves the reminder to 24 hours before the extension's end", async () => {
    const { challenge } = await challengeWith(new Date(Date.now() + 30 * HOUR));
    const early = await teamOfTwo(challenge.id);
    const soonChallenge = await challengeWith(new Date(Date.now() + 2 * HOUR));
    const extended = await teamOfTwo(soonChallenge.challenge.id);
    await (await db()).submission.update({
      where: { id: extended.submissionId },
      data: { extendedUntil: new Date(Date.now() + 3 * 24 * HOUR) },
    });
    await sweepReminders();
    await drain(REMINDER_MAIL_JOB);
    expect(reminders(early.owner.user.email)).toHaveLength(0);
    expect(reminders(extended.owner.user.email)).toHaveLength(0);

    // Two days later (the sweep's clock): both are within 24 hours of their due time.
    await sweepReminders(new Date(Date.now() + 2 * 24 * HOUR + HOUR));
    await sweepReminders(new Date(Date.now() + 7 * HOUR));
    await drain(REMINDER_MAIL_JOB);
    expect(reminders(early.owner.user.email)).toHaveLength(3);
    const [mail] = reminders(extended.owner.user.email);
    expect(reminders(extended.owner.user.email)).toHaveLength(3);
    expect(mail!.text).toMatch(/is due on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });
});

// Two processes on one PostgreSQL (PGlite is one process by design): each starts its queue and sweeps at the same
// moment; each team member gets exactly one reminder per deliverable.
test.skipIf(process.env.TEST_DATABASE !== "postgres")(
  "two processes sweeping at once send one reminder per team and deliverable",
  async () => {
    const { challenge } = await challengeWith(new Date(Date.now() + 20 * HOUR));
    const teams = [await teamOfTwo(challenge.id), await teamOfTwo(challenge.id)];
    const child = join(import.meta.dir, "../../../test/reminder-sweep-child.ts");
    const children = [0, 1].map(() =>
      Bun.spawn([process.execPath, child], { env: { ...process.env }, stdout: "pipe", stderr: "inherit" }),
    );
    const outputs = await Promise.all(children.map(async (p) => [await p.exited, await new Response(p.stdout).text()]));
    for (const [code] of outputs) expect(code).toBe(0);
    const claimed = outputs.map(([, out]) => Number(String(out).match(/claimed (\d+)/)?.[1]));
    expect(claimed[0]! + claimed[1]!).toBe(6); // 2 teams × 3 deliverables, each claimed by one of the two
    await drain(REMINDER_MAIL_JOB);
    for (const team of teams) for (const member of [team.owner, team.mate]) expect(reminders(member.user.email)).toHaveLength(3);
  },
  60_000,
);
