// Account e-mails as jobs (decision 011, "Every e-mail on the queue"): the verification link, the reset link and the
// e-mail-changed notice are enqueued in the transaction of the write they report — rolled back, no mail —, sent once
// however often their job runs, and still sent when the queue stops between the write and the send and starts again. No
// job's data holds a link's token.
import { describe, expect, test } from "bun:test";
import { createClient, signedInClient, visitor } from "../../../test/client";
import { createUser, createUserWithPassword, unique } from "../../../test/factories";
import { drain, jobsIn, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { db } from "../../db/client";
import { enqueueNow, jobQueue, startJobs, stopJobs } from "../../jobs/jobs";
import { EMAIL_CHANGED_MAIL_JOB, type LinkMailJob, PASSWORD_RESET_MAIL_JOB, VERIFICATION_MAIL_JOB } from "./emails";
import { issueVerification, RESET_REQUEST_JOB, type ResetRequestJob } from "./service";

withJobQueue();

const PASSWORD = "correct horse battery";
const tokenIn = (mail: { links: string[] }, path: string) =>
  decodeURIComponent(mail.links.find((l) => l.includes(path))!.split(path)[1]!);
const mailsMatching = (email: string, subject: RegExp) => mailsTo(email).filter((m) => subject.test(m.subject));

/**
 * Runs `write` while this process sends nothing from `queue`, then stops the queue and starts it again — as a crash
 * after the write and the next start would: whatever `write` enqueued waits in the database until then.
 */
async function thenRestart(queue: string, write: () => Promise<void>) {
  await (await jobQueue()).boss.offWork(queue);
  try {
    await write();
  } finally {
    await stopJobs();
    await startJobs(); // runs every registered handler again
  }
}

async function register() {
  const username = unique("mail").replace(/-/g, "_");
  const email = `${username}@example.com`;
  const res = await visitor().api.register.post({ username, email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { id: res.data!.id, email };
}

describe("enqueued with the write", () => {
  test("a rolled-back write sends no mail: the token and its mail's job commit together or not at all", async () => {
    const user = await createUser();
    const prisma = await db();
    await expect(
      prisma.$transaction(async (tx) => {
        await issueVerification(tx, user.id);
        throw new Error("the write fails after the link was issued");
      }),
    ).rejects.toThrow("the write fails");
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { verificationToken: true } });
    expect(row.verificationToken).toBeNull();
    expect(await jobsIn(VERIFICATION_MAIL_JOB, { userId: user.id })).toEqual([]);
    await drain(VERIFICATION_MAIL_JOB);
    expect(mailsTo(user.email)).toEqual([]);
  });

  test("the job carries a nonce, not the link's token; the token it rebuilds is the one stored", async () => {
    const { id, email } = await register();
    const token = tokenIn(await waitForMail(email, /Verify your e-mail/), "/verify-email/");
    const [job] = await jobsIn<LinkMailJob>(VERIFICATION_MAIL_JOB, { userId: id });
    expect(Object.keys(job!.data).sort()).toEqual(["nonce", "userId"]);
    expect(JSON.stringify(job)).not.toContain(token);
    expect((await visitor().api.auth["verify-email"]({ token }).get()).status).toBe(200);
  });
});

describe("run twice, sent once (at-least-once made harmless)", () => {
  test("the verification and the e-mail-changed jobs run again send no second mail", async () => {
    const user = await createUserWithPassword(PASSWORD, { emailVerified: true });
    const { api } = await signedInClient(user);
    const newEmail = `${unique("moved")}@example.com`;
    expect((await api.profile.patch({ username: user.username, email: newEmail, currentPassword: PASSWORD })).status).toBe(200);
    await waitForMail(newEmail, /Verify your e-mail/);
    await waitForMail(user.email, /e-mail address was changed/);
    // The same work again, as a retry after a crash would run it (a new job with the same data).
    for (const queue of [VERIFICATION_MAIL_JOB, EMAIL_CHANGED_MAIL_JOB]) {
      const [job] = await jobsIn(queue, { userId: user.id });
      await enqueueNow(queue, job!.data);
      await drain(queue);
    }
    expect(mailsTo(newEmail)).toHaveLength(1);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  test("a reset request run again issues no second link and never revives a used one", async () => {
    const user = await createUserWithPassword(PASSWORD);
    const client = createClient();
    expect((await client.api.auth["forgot-password"].post({ email: user.email })).status).toBe(200);
    const token = tokenIn(await waitForMail(user.email, /Reset your/), "/reset-password/");
    const reset = (newPassword: string) => client.api.auth["reset-password"].post({ token, newPassword });
    expect((await reset("a brand new secret")).status).toBe(200);

    const [request] = await jobsIn<ResetRequestJob>(RESET_REQUEST_JOB, { email: user.email });
    await enqueueNow(RESET_REQUEST_JOB, request!.data);
    await drain(RESET_REQUEST_JOB);
    await drain(PASSWORD_RESET_MAIL_JOB);
    expect(mailsMatching(user.email, /Reset your/)).toHaveLength(1);
    const row = await (await db()).user.findUniqueOrThrow({ where: { id: user.id }, select: { resetPasswordToken: true } });
    expect(row.resetPasswordToken).toBeNull();
    expect((await reset("and another one")).status).toBe(400);
  });

  test("a link replaced by a newer one before its job ran is not mailed", async () => {
    const user = await createUser();
    const prisma = await db();
    await thenRestart(VERIFICATION_MAIL_JOB, async () => {
      await prisma.$transaction((tx) => issueVerification(tx, user.id));
      await prisma.$transaction((tx) => issueVerification(tx, user.id));
    });
    await drain(VERIFICATION_MAIL_JOB);
    expect(await jobsIn(VERIFICATION_MAIL_JOB, { userId: user.id })).toHaveLength(2);
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

test("an address the relay refuses for good (SMTP 5xx) ends its job failed at once, with the relay's answer", async () => {
  const user = await createUser({ email: `${unique("odd")}%@%.%` }); // a free address to us; the relay will not take it
  await (await db()).$transaction((tx) => issueVerification(tx, user.id));
  await drain(VERIFICATION_MAIL_JOB);
  const rows = await (await db()).$queryRawUnsafe<{ state: string; retry_count: number; output: { message: string } }[]>(
    "SELECT state::text, retry_count, output FROM pgboss.job WHERE name = $1 AND data->>'userId' = $2",
    VERIFICATION_MAIL_JOB,
    user.id,
  );
  expect(rows).toEqual([
    { state: "failed", retry_count: 0, output: { message: expect.stringContaining("The mail relay refused: ") } },
  ]);
});

describe("a restart between the write and the send", () => {
  test("the mail of a committed write goes out once the queue runs again", async () => {
    let email = "";
    await thenRestart(VERIFICATION_MAIL_JOB, async () => {
      const user = await register();
      email = user.email;
      expect((await jobsIn(VERIFICATION_MAIL_JOB, { userId: user.id })).map((j) => j.state)).toEqual(["created"]);
      await Bun.sleep(600); // a poll's worth: nothing sends it
      expect(mailsTo(email)).toEqual([]);
    });
    // Started again, the queue runs what the stopped one left: the mail goes out, once.
    await waitForMail(email, /Verify your e-mail/);
    await drain(VERIFICATION_MAIL_JOB);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe("e-mail changes on /profile are limited (each one mails two addresses)", () => {
  test("per member: past 5 an hour, 429 and nothing changes; the old address hears once an hour, not every time", async () => {
    const user = await createUserWithPassword(PASSWORD, { emailVerified: true });
    const { api } = await signedInClient(user);
    const move = (to: string) => api.profile.patch({ username: user.username, email: to, currentPassword: PASSWORD });
    const tag = unique("hop");
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await move(`${tag}-${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const row = await (await db()).user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true } });
    expect(row.email).toBe(`${tag}-5@example.com`);
    await drain(EMAIL_CHANGED_MAIL_JOB);
    // The first move told the original address; the moves after it within the hour told theirs only once each.
    expect(mailsMatching(user.email, /e-mail address was changed/)).toHaveLength(1);
    expect(mailsMatching(`${tag}-1@example.com`, /e-mail address was changed/)).toHaveLength(1);
    await drain(EMAIL_CHANGED_MAIL_JOB);
  });

  test("per target address: one inbox gets at most 3 verification requests an hour, whoever asks", async () => {
    const target = `${unique("victim")}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUserWithPassword(PASSWORD, { emailVerified: true });
      const { api } = await signedInClient(user);
      statuses.push((await api.profile.patch({ username: user.username, email: target, currentPassword: PASSWORD })).status);
      // Each moves away again, so the address is free for the next one (moving away is to another address).
      if (statuses.at(-1) === 200) {
        await api.profile.patch({ username: user.username, email: `${unique("away")}@example.com`, currentPassword: PASSWORD });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
