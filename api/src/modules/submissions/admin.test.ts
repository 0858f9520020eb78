// The admin Submissions view (decision 019) through the API: the `challenges` section lists one challenge's
// submissions (keyset pages, state filter, CSV), downloads every submitted version as one ZIP whose contents match
// its manifest, disqualifies with a reason the team sees and is mailed, and grants an extension the deadline rule
// honours (mailed once however often it is granted).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { as, BASE_URL, invalid, raw } from "../../../test/client";
import { createApplication, createChallenge, createUser, unique } from "../../../test/factories";
import { drain, jobsIn, withJobQueue } from "../../../test/jobs";
import { mailsTo, waitForMail } from "../../../test/mailbox";
import { walkPages } from "../../../test/pages";
import { db } from "../../db/client";
import { localStorage, storage, useStorage } from "../../lib/storage";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { DISQUALIFIED_MAIL_JOB, EXTENSION_MAIL_JOB } from "./admin-emails";
import { ADMIN_SUBMISSION_MESSAGES as A, ENTRY_MESSAGES as E } from "./schema";

withJobQueue(); // both admin mails are jobs enqueued with the change

const HOUR = 3600_000;
const message = (res: { error: { value: unknown } | null }) => (res.error?.value as { message?: string } | undefined)?.message;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "submissions-admin-"));
  useStorage(localStorage(dir));
});
afterAll(async () => {
  useStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

const admin = () => createUser({ toolAccess: ["challenges"] });

async function approved(challengeId: string) {
  const user = await createUser({ email: `${unique("member")}@example.com` });
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return { user, api: as(user) };
}

/** A challenge asking for a link and a text (both required), and a deck file (optional, due in an hour). */
async function challengeWithDeliverables(options: { linkDue?: Date } = {}) {
  const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
  const prisma = await db();
  const make = (position: number, title: string, kind: "URL" | "TEXT" | "FILE", required: boolean, dueAt: Date | null) =>
    prisma.deliverable.create({ data: { challengeId: challenge.id, position, title, kind, required, dueAt } });
  const link = await make(1, "Prototype", "URL", true, options.linkDue ?? null);
  const story = await make(2, "Problem & solution", "TEXT", true, null);
  const deck = await make(3, "Deck", "FILE", false, null);
  return { challenge, link, story, deck };
}

type Setup = Awaited<ReturnType<typeof challengeWithDeliverables>>;

/** A team of two (owner and mate) with a draft submission. */
async function team({ challenge }: Setup) {
  const [owner, mate] = [await approved(challenge.id), await approved(challenge.id)];
  const started = await owner.api.challenges({ id: challenge.id }).submission.post();
  await owner.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: mate.user.username });
  const [invitation] = (await mate.api["my-invitations"].get()).data!;
  await mate.api["my-invitations"]({ id: invitation!.id }).accept.post();
  const mine = (who = owner) => who.api.challenges({ id: challenge.id }).submission;
  return { id: started.data!.id, owner, mate, mine };
}

/** A file entry as the uploads pipeline would leave it: the object in storage and the item's file columns. */
async function fileEntry(submissionId: string, deliverableId: string, name: string, bytes: Uint8Array) {
  const key = `private/sub-${crypto.randomUUID()}.pdf`;
  await storage().put(key, bytes, "application/pdf");
  const sha256 = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  await (await db()).submissionItem.create({
    data: {
      submissionId,
      deliverableId,
      fileKey: key,
      fileName: name,
      fileType: "application/pdf",
      fileBytes: bytes.length,
      sha256,
    },
  });
  return { key, sha256 };
}

async function filled(setup: Setup, t: Awaited<ReturnType<typeof team>>, label: string) {
  await t
    .mine()
    .items({ deliverableId: setup.link.id })
    .put({ url: `https://example.org/${label}`, revision: 0 });
  await t
    .mine(t.mate)
    .items({ deliverableId: setup.story.id })
    .put({ text: `# ${label}\n\nLess litter.`, revision: 0 });
}

async function get(path: string, user: { id: string }) {
  const { token } = await createSession(user.id);
  return raw(new Request(`${BASE_URL}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } }));
}

describe("the list", () => {
  test("section holders page through a challenge's submissions newest first, filter by state, export CSV", async () => {
    const setup = await challengeWithDeliverables();
    const prisma = await db();
    // 7 teams made straight in the database (the list is what is tested), with states and times of their own.
    const states = ["DRAFT", "SUBMITTED", "SUBMITTED", "WITHDRAWN", "DISQUALIFIED", "SUBMITTED", "DRAFT"] as const;
    const made: { id: string; owner: string }[] = [];
    for (const [i, status] of states.entries()) {
      const owner = await createUser({ firstName: "=Owner", lastName: String(i) });
      const row = await prisma.submission.create({
        data: {
          challengeId: setup.challenge.id,
          status,
          version: status === "DRAFT" ? 0 : 1,
          createdAt: new Date(Date.UTC(2026, 10, 1, i % 3)), // pairs share a time: the id breaks the tie
          disqualifiedReason: status === "DISQUALIFIED" ? "Plagiarised deck" : null,
          members: { create: { challengeId: setup.challenge.id, userId: owner.id, role: "OWNER" } },
        },
      });
      made.push({ id: row.id, owner: owner.username });
    }
    const reviewer = await admin();
    const list = as(reviewer).challenges({ id: setup.challenge.id }).submissions;
    const { items, pages } = await walkPages((cursor) => list.get({ query: { limit: 3, cursor } }));
    expect(pages).toBe(3);
    expect(items.map((s) => s.id).sort()).toEqual(made.map((m) => m.id).sort());
    const times = items.map((s) => s.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(items.find((s) => s.status === "DISQUALIFIED")).toMatchObject({ disqualifiedReason: "Plagiarised deck", version: 1 });
    expect(items[0]!.owner?.username).toBeString();

    const submitted = await walkPages((cursor) => list.get({ query: { status: "SUBMITTED", limit: 2, cursor } }));
    expect(submitted.items.map((s) => s.status)).toEqual(["SUBMITTED", "SUBMITTED", "SUBMITTED"]);

    const bad = await list.get({ query: { status: invalid("LOST") } });
    expect(bad.status).toBe(400);
    expect((await list.get({ query: { cursor: "x\u0000" } })).status).toBe(400);

    const csv = await get(`/api/challenges/${setup.challenge.id}/submissions.csv?status=DISQUALIFIED`, reviewer);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toStartWith('"Submission","Owner"');
    expect(lines[1]).toContain('"Plagiarised deck"');
    expect(lines[1]).toContain(`"'=Owner 4"`); // a formula-looking name is neutralised
  });

  test("members, other sections' delegates and visitors are refused; an unknown challenge is a 404", async () => {
    const setup = await challengeWithDeliverables();
    const t = await team(setup);
    for (const who of [t.owner.user, await createUser({ toolAccess: ["projects"] })]) {
      expect((await as(who).challenges({ id: setup.challenge.id }).submissions.get({ query: {} })).status).toBe(403);
      expect((await get(`/api/challenges/${setup.challenge.id}/submissions.zip`, who)).status).toBe(403);
      const d = await as(who)
        .challenges({ id: setup.challenge.id })
        .submissions({ submissionId: t.id })
        .disqualify.post({ reason: "x" });
      expect(d.status).toBe(403);
    }
    expect((await as().challenges({ id: setup.challenge.id }).submissions.get({ query: {} })).status).toBe(401);
    expect(
      (
        await as(await admin())
          .challenges({ id: "nope" })
          .submissions.get({ query: {} })
      ).status,
    ).toBe(404);
    expect((await (await db()).submission.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("DRAFT");
  });
});

describe("disqualify", () => {
  test("the reason reaches the team's submission and their inboxes once; the team can change nothing more", async () => {
    const setup = await challengeWithDeliverables();
    const t = await team(setup);
    await filled(setup, t, "team");
    await t.mine().submit.post();
    const route = as(await admin())
      .challenges({ id: setup.challenge.id })
      .submissions({ submissionId: t.id });

    expect(message(await route.disqualify.post({ reason: "   " }))).toBe(A.reason);
    expect((await route.disqualify.post({ reason: "x".repeat(2001) })).status).toBe(400);

    const res = await route.disqualify.post({ reason: "  The deck is another team's work.  " });
    expect(res.data).toMatchObject({ status: "DISQUALIFIED", disqualifiedReason: "The deck is another team's work." });
    const again = await route.disqualify.post({ reason: "Another reason" });
    expect(again.data).toMatchObject({ status: "DISQUALIFIED", disqualifiedReason: "The deck is another team's work." });

    expect((await t.mine(t.mate).get()).data).toMatchObject({
      status: "DISQUALIFIED",
      disqualifiedReason: "The deck is another team's work.",
    });
    const edit = await t.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/late", revision: 1 });
    expect(edit.status).toBe(409);
    expect(message(edit)).toBe(E.disqualified);

    for (const member of [t.owner.user, t.mate.user]) {
      const mail = await waitForMail(member.email, /disqualified/);
      expect(mail.text).toContain("The deck is another team's work.");
      expect(mail.subject).toContain(setup.challenge.title);
    }
    expect(await jobsIn(DISQUALIFIED_MAIL_JOB, { submissionId: t.id })).toHaveLength(1);
    await drain(DISQUALIFIED_MAIL_JOB);
    expect(mailsTo(t.owner.user.email).filter((m) => /disqualified/.test(m.subject))).toHaveLength(1);

    const extension = await route.extension.post({ until: new Date(Date.now() + HOUR).toISOString() });
    expect(extension.status).toBe(409);
    expect(message(extension)).toBe(A.disqualified);
  });

  test("another challenge's submission is not reachable through this challenge", async () => {
    const [mine, other] = [await challengeWithDeliverables(), await challengeWithDeliverables()];
    const t = await team(other);
    const route = as(await admin())
      .challenges({ id: mine.challenge.id })
      .submissions({ submissionId: t.id });
    expect((await route.disqualify.post({ reason: "No" })).status).toBe(404);
    expect((await route.extension.post({ until: new Date(Date.now() + HOUR).toISOString() })).status).toBe(404);
    expect((await (await db()).submission.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("DRAFT");
  });
});

describe("extension", () => {
  test("a granted extension reopens a passed deadline for that team only, mailed once per end", async () => {
    const setup = await challengeWithDeliverables();
    const [t, other] = [await team(setup), await team(setup)];
    await (await db()).deliverable.update({ where: { id: setup.link.id }, data: { dueAt: new Date(Date.now() - HOUR) } });
    const late = await t.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/late", revision: 0 });
    expect(message(late)).toBe(E.deadline);

    const route = as(await admin())
      .challenges({ id: setup.challenge.id })
      .submissions({ submissionId: t.id });
    expect(message(await route.extension.post({ until: new Date(Date.now() - 1000).toISOString() }))).toBe(A.untilPast);
    expect((await route.extension.post({ until: "tomorrow" })).status).toBe(400);

    const until = new Date(Date.now() + 2 * HOUR).toISOString();
    expect((await route.extension.post({ until })).data?.extendedUntil).toBe(until);
    expect((await route.extension.post({ until })).data?.extendedUntil).toBe(until); // a repeat
    expect((await t.mine().get()).data?.extendedUntil).toBe(until);

    const now = await t.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/late", revision: 0 });
    expect(now.status).toBe(200);
    const still = await other.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/x", revision: 0 });
    expect(message(still)).toBe(E.deadline);

    const mail = await waitForMail(t.mate.user.email, /More time/);
    expect(mail.text).toContain(until.replace("T", " ").slice(0, 16));
    expect(mail.links).toContain(`http://localhost:3000/challenges/${setup.challenge.id}/submission`);
    await drain(EXTENSION_MAIL_JOB);
    expect(mailsTo(t.mate.user.email).filter((m) => /More time/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(other.owner.user.email).filter((m) => /More time/.test(m.subject))).toHaveLength(0);
  });
});

/** The ZIP's entries (names) and one entry's bytes, read by the system's unzip. */
async function unzip(zip: Uint8Array) {
  const file = join(dir, `${crypto.randomUUID()}.zip`);
  await Bun.write(file, zip);
  const test = Bun.spawnSync(["unzip", "-tq", file]);
  expect(test.stdout.toString()).toContain("No errors detected");
  const names = Bun.spawnSync(["unzip", "-Z1", file]).stdout.toString().trim().split("\n");
  const read = (name: string) => new Uint8Array(Bun.spawnSync(["unzip", "-p", file, name]).stdout);
  return { names, read };
}

describe("download all", () => {
  test("one ZIP: a folder per submitted team with its latest version, files from storage, a manifest that matches", async () => {
    const setup = await challengeWithDeliverables();
    const [a, b, draft, withdrawn] = [await team(setup), await team(setup), await team(setup), await team(setup)];
    for (const [t, label] of [
      [a, "a"],
      [b, "b"],
      [withdrawn, "w"],
    ] as const)
      await filled(setup, t, label);
    const pdf = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    const deck = await fileEntry(a.id, setup.deck.id, "Our deck (final).pdf", pdf);
    for (const t of [a, b, withdrawn]) await t.mine().submit.post();
    await withdrawn.mine().withdraw.post();
    // A change after submitting: the ZIP carries version 2.
    await b.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/b2", revision: 1 });
    await draft.mine().items({ deliverableId: setup.link.id }).put({ url: "https://example.org/draft", revision: 0 });

    const res = await get(`/api/challenges/${setup.challenge.id}/submissions.zip`, await admin());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toStartWith('attachment; filename="submissions-');
    const { names, read } = await unzip(new Uint8Array(await res.arrayBuffer()));

    const manifest = JSON.parse(new TextDecoder().decode(read("manifest.json")));
    expect(manifest.challenge.id).toBe(setup.challenge.id);
    expect(manifest.teams.map((t: { submissionId: string }) => t.submissionId).sort()).toEqual([a.id, b.id].sort());
    const teamB = manifest.teams.find((t: { submissionId: string }) => t.submissionId === b.id);
    expect(teamB).toMatchObject({ version: 2, owner: b.owner.user.username, members: [b.mate.user.username] });

    const listed = manifest.teams.flatMap((t: { files: { path: string }[] }) => t.files.map((f) => f.path));
    expect(names.sort()).toEqual([...listed, "manifest.json"].sort());
    for (const t of manifest.teams) {
      for (const f of t.files) {
        const bytes = read(f.path);
        expect(bytes.length).toBe(f.bytes);
        expect(new Bun.CryptoHasher("sha256").update(bytes).digest("hex")).toBe(f.sha256);
      }
    }
    const deckFile = manifest.teams
      .find((t: { submissionId: string }) => t.submissionId === a.id)
      .files.find((f: { kind: string }) => f.kind === "FILE");
    expect(deckFile).toMatchObject({ name: "Our deck (final).pdf", sha256: deck.sha256, bytes: pdf.length });
    expect(deckFile.path).toMatch(/^[A-Za-z0-9._-]+\/03-Deck-Our-deck-final-.pdf$/);
    expect(new TextDecoder().decode(read(teamB.files[0].path))).toBe("https://example.org/b2\n");
    expect(names.some((n) => n.includes(draft.owner.user.username) || n.includes(withdrawn.owner.user.username))).toBe(false);
  });

  test("a file gone from storage is named in the manifest as missing, and the rest still downloads", async () => {
    const setup = await challengeWithDeliverables();
    const t = await team(setup);
    await filled(setup, t, "gone");
    const deck = await fileEntry(t.id, setup.deck.id, "deck.pdf", new Uint8Array([1, 2, 3]));
    await t.mine().submit.post();
    await storage().delete(deck.key);

    const res = await get(`/api/challenges/${setup.challenge.id}/submissions.zip`, await admin());
    const { names, read } = await unzip(new Uint8Array(await res.arrayBuffer()));
    const [only] = JSON.parse(new TextDecoder().decode(read("manifest.json"))).teams;
    expect(only.files.find((f: { kind: string }) => f.kind === "FILE")).toMatchObject({ missing: true, sha256: deck.sha256 });
    expect(names.filter((n) => n.endsWith(".pdf"))).toEqual([]);
    expect(names.filter((n) => n.endsWith(".md") || n.endsWith(".url.txt"))).toHaveLength(2);
  });

  test("a challenge without submitted work gives a ZIP with only its manifest", async () => {
    const setup = await challengeWithDeliverables();
    const res = await get(`/api/challenges/${setup.challenge.id}/submissions.zip`, await admin());
    const { names, read } = await unzip(new Uint8Array(await res.arrayBuffer()));
    expect(names).toEqual(["manifest.json"]);
    expect(JSON.parse(new TextDecoder().decode(read("manifest.json"))).teams).toEqual([]);
  });
});

describe("archive seeding", () => {
  test("archiving a COMPLETED challenge from a chosen submission: its PDF is the white paper, its texts problem and solution", async () => {
    const setup = await challengeWithDeliverables();
    const prisma = await db();
    const pitch = await prisma.deliverable.create({
      data: { challengeId: setup.challenge.id, position: 4, title: "Our solution", kind: "TEXT", required: false },
    });
    const [winner, draft] = [await team(setup), await team(setup)];
    await filled(setup, winner, "winner");
    await winner.mine().items({ deliverableId: pitch.id }).put({ text: "Bins that talk.", revision: 0 });
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    await fileEntry(winner.id, setup.deck.id, "deck.pdf", pdf);
    await winner.mine().submit.post();
    await prisma.challenge.update({ where: { id: setup.challenge.id }, data: { status: "COMPLETED" } });
    const archive = as(await admin()).challenges({ id: setup.challenge.id }).archive;
    const publicFiles = async () => (await storage().list("public/")).length;
    const before = await publicFiles();

    const refused = await archive.post({ submissionId: draft.id });
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(A.notSeedable);
    const other = await team(await challengeWithDeliverables());
    expect((await archive.post({ submissionId: other.id })).status).toBe(404);
    expect((await archive.post({ submissionId: invalid("x\u0000") })).status).toBe(400);
    expect(await prisma.project.count({ where: { challengeId: setup.challenge.id } })).toBe(0);

    const res = await archive.post({ submissionId: winner.id });
    expect(res.status).toBe(201);
    const project = await prisma.project.findUniqueOrThrow({ where: { id: res.data!.projectId } });
    expect(project.problem).toBe("# winner\n\nLess litter."); // "Problem & solution" names the problem first
    expect(project.solution).toBe("Bins that talk.");
    expect(project.whitePaperUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}\.pdf$/);
    const served = await raw(new Request(`${BASE_URL}${project.whitePaperUrl}`));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
    expect(await publicFiles()).toBe(before + 1);

    // Archived once: a second try is refused and leaves no copy behind.
    expect((await archive.post({ submissionId: winner.id })).status).toBe(409);
    expect(await publicFiles()).toBe(before + 1);
  });
});
