// Applications through the API: SPEC §5's five rules and messages, ACTIVE-only, one per user (double click), a
// member's own list only, the review for the challenges section (409 once decided, note, e-mail), the dashboard.
import { describe, expect, test } from "bun:test";
import { app } from "../../app";
import { as } from "../../../test/client";
import { db } from "../../db/client";
import { createApplication, createChallenge, createUser, unique } from "../../../test/factories";
import { drain, jobsIn, withJobQueue } from "../../../test/jobs";
import { waitForMail, mailsTo } from "../../../test/mailbox";
import { enqueueNow } from "../../jobs/jobs";
import { BODY_NOT_OBJECT } from "../../plugins/security";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { APPLICATION_MESSAGES, type ApplicationBody } from "./schema";
import { DECISION_MAIL_JOB } from "./emails";
import { APPLICATION_LIMIT } from "./service";

withJobQueue(); // the decision mail is a job enqueued with the decision (decision 011)

const ORIGIN = "http://localhost:3000";
const valid = (over: Partial<ApplicationBody> = {}): ApplicationBody => ({
  applicantName: "Grace Hopper",
  company: "Navy Labs",
  applicantEmail: `${unique("grace")}@example.com`,
  role: "Engineer",
  isEnterprise: false,
  enterpriseExplanation: "Applying on my own",
  interestDescription: "I want to make the city quieter.",
  ...over,
});
const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

describe("applying", () => {
  test("a member applies to an ACTIVE challenge; the row is theirs, trimmed, PENDING", async () => {
    const [member, challenge] = await Promise.all([createUser(), createChallenge()]);
    const res = await as(member)
      .challenges({ id: challenge.id })
      .register.post(valid({ applicantName: "  Grace Hopper  " }));
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      status: "PENDING",
      applicantName: "Grace Hopper",
      challenge: { id: challenge.id, title: challenge.title },
      decisionNote: null,
      decidedAt: null,
    });
    const row = await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id: res.data!.id } });
    expect(row.userId).toBe(member.id);
  });

  test("smuggled fields (status, userId, decisionNote) are ignored: the row is the caller's and PENDING", async () => {
    const [member, victim, challenge] = await Promise.all([createUser(), createUser(), createChallenge()]);
    const body = {
      ...valid(),
      status: "ACTIVE",
      userId: victim.id,
      decisionNote: "self-approved",
      challengeId: crypto.randomUUID(),
    };
    const res = await as(member)
      .challenges({ id: challenge.id })
      .register.post(body as ApplicationBody);
    expect(res.status).toBe(201);
    const row = await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id: res.data!.id } });
    expect(row).toMatchObject({
      userId: member.id,
      challengeId: challenge.id,
      status: "PENDING",
      decisionNote: null,
      decidedAt: null,
    });
  });

  test("visitors get 401 and nothing is stored", async () => {
    const challenge = await createChallenge();
    expect((await as().challenges({ id: challenge.id }).register.post(valid())).status).toBe(401);
    expect(await (await db()).challengeParticipant.count({ where: { challengeId: challenge.id } })).toBe(0);
  });

  test("SPEC §5: each of the five rules answers its exact message; nothing is stored", async () => {
    const [member, challenge] = await Promise.all([createUser(), createChallenge()]);
    const api = as(member);
    const cases: [Partial<ApplicationBody>, string][] = [
      [{ applicantName: "A" }, APPLICATION_MESSAGES.nameTooShort],
      [{ applicantName: " A  " }, APPLICATION_MESSAGES.nameTooShort],
      [{ company: "" }, APPLICATION_MESSAGES.companyTooShort],
      [{ applicantEmail: "not-an-email" }, APPLICATION_MESSAGES.invalidEmail],
      [{ applicantEmail: "a b@example.com" }, APPLICATION_MESSAGES.invalidEmail],
      [{ role: "x" }, APPLICATION_MESSAGES.roleTooShort],
      [{ interestDescription: "too short" }, APPLICATION_MESSAGES.interestTooShort],
      [{ interestDescription: "   short    " }, APPLICATION_MESSAGES.interestTooShort],
      [{ applicantName: "N".repeat(101) }, "Name must be at most 100 characters"],
      [{ enterpriseExplanation: "e".repeat(2001) }, "Explanation must be at most 2000 characters"],
      [{ enterpriseExplanation: 5 as unknown as string }, "enterpriseExplanation must be text"],
    ];
    for (const [over, expected] of cases) {
      const res = await api.challenges({ id: challenge.id }).register.post(valid(over));
      expect(res.status, expected).toBe(400);
      expect(message(res)).toBe(expected);
    }
    expect(
      message(
        await api.challenges({ id: challenge.id }).register.post({ ...valid(), role: undefined } as unknown as ApplicationBody),
      ),
    ).toBe(APPLICATION_MESSAGES.roleTooShort);
    expect(await (await db()).challengeParticipant.count({ where: { challengeId: challenge.id } })).toBe(0);
    // The exact SPEC texts, so a typo in the contract cannot slip through both sides at once.
    expect(APPLICATION_MESSAGES).toMatchObject({
      nameTooShort: "Name must be at least 2 characters",
      companyTooShort: "Company name must be at least 2 characters",
      invalidEmail: "Please enter a valid email address",
      roleTooShort: "Role must be at least 2 characters",
      interestTooShort: "Please provide at least 10 characters describing your interest",
    });
  });

  test("the enterprise explanation is kept only for non-enterprise applicants; isEnterprise defaults to false", async () => {
    const [a, b, challenge] = await Promise.all([createUser(), createUser(), createChallenge()]);
    const enterprise = await as(a)
      .challenges({ id: challenge.id })
      .register.post(valid({ isEnterprise: true, enterpriseExplanation: "ignored" }));
    expect(enterprise.data).toMatchObject({ isEnterprise: true, enterpriseExplanation: null });
    const { isEnterprise: _drop, ...withoutFlag } = valid({ enterpriseExplanation: "   " });
    const individual = await as(b).challenges({ id: challenge.id }).register.post(withoutFlag);
    expect(individual.data).toMatchObject({ isEnterprise: false, enterpriseExplanation: null });
  });

  test("only ACTIVE challenges accept (409 with a clear message); drafts and unknown ids are 404", async () => {
    const member = await createUser();
    for (const status of ["UPCOMING", "COMPLETED"] as const) {
      const challenge = await createChallenge({ status });
      const res = await as(member).challenges({ id: challenge.id }).register.post(valid());
      expect(res.status).toBe(409);
      expect(message(res)).toBe(APPLICATION_MESSAGES.notAcceptingApplications);
    }
    const draft = await createChallenge({ status: "DRAFT" });
    expect((await as(member).challenges({ id: draft.id }).register.post(valid())).status).toBe(404);
    expect((await as(member).challenges({ id: crypto.randomUUID() }).register.post(valid())).status).toBe(404);
  });

  test("one application per user and challenge: a second is 409; a double click creates one row", async () => {
    const [member, other, challenge] = await Promise.all([createUser(), createUser(), createChallenge()]);
    const api = as(member);
    const results = await Promise.all([1, 2, 3].map(() => api.challenges({ id: challenge.id }).register.post(valid())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(message(results.find((r) => r.status === 409)!)).toBe("You have already applied to this challenge.");
    const again = await api.challenges({ id: challenge.id }).register.post(valid());
    expect(again.status).toBe(409);
    expect(await (await db()).challengeParticipant.count({ where: { challengeId: challenge.id, userId: member.id } })).toBe(1);
    // Someone else may still apply.
    expect((await as(other).challenges({ id: challenge.id }).register.post(valid())).status).toBe(201);
  });
});

describe("my applications", () => {
  test("a member lists only their own, newest first, with the nested challenge and the decision note", async () => {
    const [me, someoneElse] = await Promise.all([createUser(), createUser()]);
    const [older, newer, draft] = await Promise.all([createChallenge(), createChallenge(), createChallenge({ status: "DRAFT" })]);
    await createApplication(older.id, me.id, {
      joinedAt: new Date("2026-01-01T00:00:00Z"),
      status: "ACTIVE",
      decisionNote: "Welcome aboard",
    });
    await createApplication(newer.id, me.id, { joinedAt: new Date("2026-02-01T00:00:00Z") });
    await createApplication(draft.id, me.id);
    await createApplication(newer.id, someoneElse.id);
    const { data, status } = await as(me)["my-applications"].get();
    expect(status).toBe(200);
    expect(data!.map((a) => a.challenge.title)).toEqual([newer.title, older.title]);
    expect(data![1]).toMatchObject({
      status: "ACTIVE",
      decisionNote: "Welcome aboard",
      challenge: { startDate: older.startDate.toISOString() },
    });
    expect((await as()["my-applications"].get()).status).toBe(401);
  });
});

describe("review (challenges section)", () => {
  const reviewer = () => createUser({ toolAccess: ["challenges"] });

  test("members and other delegates are refused the list and the decisions; nothing changes", async () => {
    const [member, applicant, challenge, projectsDelegate] = await Promise.all([
      createUser(),
      createUser(),
      createChallenge(),
      createUser({ toolAccess: ["projects"] }),
    ]);
    const application = await createApplication(challenge.id, applicant.id);
    for (const user of [member, applicant, projectsDelegate]) {
      const api = as(user);
      expect((await api.challenges({ id: challenge.id }).applications.get()).status).toBe(403);
      expect(
        (await api.challenges({ id: challenge.id }).applications({ applicationId: application.id }).approve.patch({})).status,
      ).toBe(403);
      expect(
        (await api.challenges({ id: challenge.id }).applications({ applicationId: application.id }).reject.patch({})).status,
      ).toBe(403);
    }
    expect((await as().challenges({ id: challenge.id }).applications.get()).status).toBe(401);
    expect((await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id: application.id } })).status).toBe("PENDING");
  });

  test("a delegate lists a challenge's applications, pending first; admins too", async () => {
    const [a, b, challenge] = await Promise.all([createUser(), createUser(), createChallenge()]);
    await createApplication(challenge.id, a.id, { status: "REJECTED" });
    await createApplication(challenge.id, b.id);
    const { data, status } = await as(await reviewer())
      .challenges({ id: challenge.id })
      .applications.get();
    expect(status).toBe(200);
    expect(data!.map((x) => x.status)).toEqual(["PENDING", "REJECTED"]);
    expect(
      (
        await as(await createUser({ role: "ADMIN" }))
          .challenges({ id: challenge.id })
          .applications.get()
      ).status,
    ).toBe(200);
    expect(
      (
        await as(await reviewer())
          .challenges({ id: crypto.randomUUID() })
          .applications.get()
      ).status,
    ).toBe(404);
  });

  test("approve with a note: status, decidedAt, the note in My Applications, an e-mail to the applicant; then 409", async () => {
    const [applicant, challenge] = await Promise.all([createUser(), createChallenge()]);
    const email = `${unique("applicant")}@example.com`;
    const application = await createApplication(challenge.id, applicant.id, { applicantEmail: email, applicantName: "Ada L" });
    const api = as(await reviewer());
    const route = api.challenges({ id: challenge.id }).applications({ applicationId: application.id });
    const res = await route.approve.patch({ decisionNote: "  Welcome! Kick-off is on Monday.  " });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: "ACTIVE", decisionNote: "Welcome! Kick-off is on Monday." });
    expect(res.data!.decidedAt).not.toBeNull();
    const mail = await waitForMail(email, /approved/);
    expect(mail.subject).toBe(`Your application to ${challenge.title} was approved`);
    expect(mail.text).toContain("Welcome! Kick-off is on Monday.");
    expect(mail.links).toContain("http://localhost:3000/my-applications");

    const mine = await as(applicant)["my-applications"].get();
    expect(mine.data![0]).toMatchObject({ status: "ACTIVE", decisionNote: "Welcome! Kick-off is on Monday." });

    for (const again of [route.approve.patch({}), route.reject.patch({})]) {
      const r = await again;
      expect(r.status).toBe(409);
      expect(message(r)).toBe(APPLICATION_MESSAGES.alreadyDecided);
    }
    expect((await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id: application.id } })).status).toBe("ACTIVE");
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("the decision mail is a job enqueued with the decision: one job per application, one mail however often it runs", async () => {
    const [applicant, challenge] = await Promise.all([createUser(), createChallenge()]);
    const email = `${unique("once")}@example.com`;
    const application = await createApplication(challenge.id, applicant.id, { applicantEmail: email });
    const route = as(await reviewer())
      .challenges({ id: challenge.id })
      .applications({ applicationId: application.id });
    const [first, second] = await Promise.all([route.approve.patch({}), route.reject.patch({})]);
    expect([first.status, second.status].sort()).toEqual([200, 409]); // the refused decision enqueued nothing
    expect(await jobsIn(DECISION_MAIL_JOB, { applicationId: application.id })).toHaveLength(1);
    await drain(DECISION_MAIL_JOB);
    // The same work again, as a retry after a crash would run it.
    await enqueueNow(DECISION_MAIL_JOB, { applicationId: application.id });
    await drain(DECISION_MAIL_JOB);
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("reject without a body (SPEC sends none) mails the applicant; a note too long is refused", async () => {
    const [applicant, challenge] = await Promise.all([createUser(), createChallenge()]);
    const email = `${unique("rejected")}@example.com`;
    const application = await createApplication(challenge.id, applicant.id, { applicantEmail: email });
    const route = as(await reviewer())
      .challenges({ id: challenge.id })
      .applications({ applicationId: application.id });
    const tooLong = await route.reject.patch({ decisionNote: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(message(tooLong)).toBe(APPLICATION_MESSAGES.decisionNoteTooLong);
    const res = await route.reject.patch();
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: "REJECTED", decisionNote: null });
    expect((await waitForMail(email, /not accepted/)).subject).toBe(`Your application to ${challenge.title} was not accepted`);
  });

  test("an application is decided only through its own challenge (404 through another); two reviewers: one wins", async () => {
    const [applicant, challenge, elsewhere] = await Promise.all([createUser(), createChallenge(), createChallenge()]);
    const application = await createApplication(challenge.id, applicant.id);
    const api = as(await reviewer());
    const wrong = await api.challenges({ id: elsewhere.id }).applications({ applicationId: application.id }).approve.patch({});
    expect(wrong.status).toBe(404);
    const route = api.challenges({ id: challenge.id }).applications({ applicationId: application.id });
    const results = await Promise.all([route.approve.patch({}), route.reject.patch({})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("review: nobody decides their own application", () => {
  test("a challenges delegate and an admin get 403 on their own application, approve or reject; it stays PENDING", async () => {
    const challenge = await createChallenge();
    for (const reviewer of [await createUser({ toolAccess: ["challenges"] }), await createUser({ role: "ADMIN" })]) {
      const own = await createApplication(challenge.id, reviewer.id);
      const route = as(reviewer).challenges({ id: challenge.id }).applications({ applicationId: own.id });
      for (const attempt of [route.approve.patch({}), route.reject.patch({ decisionNote: "Not me" })]) {
        const res = await attempt;
        expect(res.status).toBe(403);
        expect(message(res)).toBe(APPLICATION_MESSAGES.ownApplication);
      }
      const row = await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id: own.id } });
      expect(row).toMatchObject({ status: "PENDING", decidedAt: null, decisionNote: null });
    }
  });

  test("another reviewer still decides it", async () => {
    const [delegate, other, challenge] = await Promise.all([
      createUser({ toolAccess: ["challenges"] }),
      createUser({ toolAccess: ["challenges"] }),
      createChallenge(),
    ]);
    const application = await createApplication(challenge.id, delegate.id);
    const res = await as(other)
      .challenges({ id: challenge.id })
      .applications({ applicationId: application.id })
      .approve.patch({});
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: "ACTIVE" });
  });
});

describe("review: the decision body", () => {
  test("only an object (or no body) is a decision; an array, a string, a number or null is a 400 and nothing changes", async () => {
    const [applicant, reviewer, challenge] = await Promise.all([
      createUser(),
      createUser({ toolAccess: ["challenges"] }),
      createChallenge(),
    ]);
    const { id } = await createApplication(challenge.id, applicant.id);
    const cookie = `${SESSION_COOKIE}=${(await createSession(reviewer.id)).token}`;
    const send = (decision: string, body: string) =>
      app.handle(
        new Request(`${ORIGIN}/api/challenges/${challenge.id}/applications/${id}/${decision}`, {
          method: "PATCH",
          headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
          body,
        }),
      );
    for (const body of ["[1,2,3]", "[]", '"approve"', "42", "null", "true"]) {
      for (const decision of ["approve", "reject"]) {
        const res = await send(decision, body);
        expect({ body, decision, status: res.status }).toEqual({ body, decision, status: 400 });
        expect(((await res.json()) as { message: string }).message).toBe(BODY_NOT_OBJECT);
      }
    }
    expect((await (await db()).challengeParticipant.findUniqueOrThrow({ where: { id } })).status).toBe("PENDING");
    // The section check still comes first: an anonymous caller learns only 401.
    const anonymous = await app.handle(
      new Request(`${ORIGIN}/api/challenges/${challenge.id}/applications/${id}/approve`, {
        method: "PATCH",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: "[1,2,3]",
      }),
    );
    expect(anonymous.status).toBe(401);
    const ok = await send("approve", "{}");
    expect(ok.status).toBe(200);
  });
});

describe("applying: a per-member limit", () => {
  test(`the ${APPLICATION_LIMIT.perMember + 1}th application in an hour is 429 with Retry-After; another member is unaffected`, async () => {
    const [member, other] = await Promise.all([createUser(), createUser()]);
    const challenges = await Promise.all(Array.from({ length: APPLICATION_LIMIT.perMember + 1 }, () => createChallenge()));
    const api = as(member);
    for (const challenge of challenges.slice(0, -1)) {
      expect((await api.challenges({ id: challenge.id }).register.post(valid())).status).toBe(201);
    }
    const last = challenges.at(-1)!;
    const refused = await api.challenges({ id: last.id }).register.post(valid());
    expect(refused.status).toBe(429);
    expect(message(refused)).toBe(APPLICATION_MESSAGES.tooManyApplications);
    const wait = Number(refused.response.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(APPLICATION_LIMIT.windowMs / 1000);
    expect(await (await db()).challengeParticipant.count({ where: { userId: member.id, challengeId: last.id } })).toBe(0);
    expect((await as(other).challenges({ id: last.id }).register.post(valid())).status).toBe(201);
  });
});

describe("dashboard: my challenges", () => {
  test("approved challenges only, with dates, what is due next and the other approved participants' names", async () => {
    const [me, peer, pending, rejectedPeer] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const future = new Date(Date.now() + 10 * 86_400_000);
    const running = await createChallenge({
      startDate: new Date(Date.now() - 86_400_000),
      endDate: future,
      timeline: "Kick-off; demo day",
    });
    const upcoming = await createChallenge({ startDate: future });
    const notApproved = await createChallenge();
    await createApplication(running.id, me.id, { status: "ACTIVE", decidedAt: new Date() });
    await createApplication(running.id, peer.id, { status: "ACTIVE", applicantName: "Peer Person" });
    await createApplication(running.id, pending.id, { applicantName: "Pending Person" });
    await createApplication(running.id, rejectedPeer.id, { status: "REJECTED", applicantName: "Rejected Person" });
    await createApplication(upcoming.id, me.id, { status: "ACTIVE" });
    await createApplication(notApproved.id, me.id);

    const { data, status } = await as(me)["my-challenges"].get();
    expect(status).toBe(200);
    expect(data!.map((d) => d.challenge.id)).toEqual([running.id, upcoming.id]);
    expect(data![0]).toMatchObject({
      challenge: { title: running.title, timeline: "Kick-off; demo day", endDate: future.toISOString() },
      nextDue: { kind: "end", date: future.toISOString() },
      participants: ["Peer Person"],
    });
    expect(data![1]).toMatchObject({ nextDue: { kind: "start", date: future.toISOString() }, participants: [] });
    // The peer sees me among theirs, never an unapproved applicant.
    const peers = await as(peer)["my-challenges"].get();
    expect(peers.data![0]!.participants).toEqual(["Ada Lovelace"]);
    expect((await as()["my-challenges"].get()).status).toBe(401);
  });
});
