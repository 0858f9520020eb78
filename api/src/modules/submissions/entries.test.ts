// Entries, Submit, versions and deadlines (decision 019): a team of two fills a link and a text and submits;
// later changes make new versions and the old ones stay readable; deadlines are the server's; two members editing one
// entry at once — the stale one gets 409 with the current entry, nothing lost; others' submissions are unreachable.
import { describe, expect, test } from "bun:test";
import { as } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { DELIVERABLE_MESSAGES } from "../deliverables/schema";
import { ENTRY_MESSAGES as E } from "./schema";

// Invitations and Submits enqueue their e-mails in their transaction.
withJobQueue();

const HOUR = 3600_000;
const message = (text: string) => ({ error: { value: { message: text } } });

async function approved(challengeId: string) {
  const user = await createUser();
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return { user, api: as(user) };
}

/** A challenge asking for a link (required), a text (required) and a file (optional), and a team of two on it. */
async function teamOfTwo(options: { linkDue?: Date | null } = {}) {
  const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
  const prisma = await db();
  const make = (position: number, title: string, kind: "URL" | "TEXT" | "FILE", required: boolean, dueAt: Date | null) =>
    prisma.deliverable.create({ data: { challengeId: challenge.id, position, title, kind, required, dueAt } });
  const link = await make(
    1,
    "Prototype",
    "URL",
    true,
    options.linkDue === undefined ? new Date(Date.now() + 24 * HOUR) : options.linkDue,
  );
  const story = await make(2, "Story", "TEXT", true, null);
  const deck = await make(3, "Deck", "FILE", false, null);
  const [owner, mate] = [await approved(challenge.id), await approved(challenge.id)];
  await owner.api.challenges({ id: challenge.id }).submission.post();
  await owner.api.challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: mate.user.username });
  const [invitation] = (await mate.api["my-invitations"].get()).data!;
  await mate.api["my-invitations"]({ id: invitation!.id }).accept.post();
  const team = (who: typeof owner) => who.api.challenges({ id: challenge.id }).submission;
  return { challenge, link, story, deck, owner, mate, team };
}

describe("a team of two fills its entries and submits", () => {
  test("a link and a text from either member; Submit makes version 1; a change after it makes version 2", async () => {
    const { link, story, owner, mate, team } = await teamOfTwo();
    const early = await team(owner).submit.post();
    expect(early).toMatchObject({ status: 409, ...message(E.incomplete) });

    const url = await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org/demo", revision: 0 });
    expect(url.data).toMatchObject({ url: "https://example.org/demo", text: null, revision: 1, updatedBy: owner.user.username });
    const text = await team(mate).items({ deliverableId: story.id }).put({ text: "# Our idea\n\nLess litter.", revision: 0 });
    expect(text.data).toMatchObject({ text: "# Our idea\n\nLess litter.", revision: 1, updatedBy: mate.user.username });

    const submitted = await team(mate).submit.post();
    expect(submitted.data).toMatchObject({ status: "SUBMITTED", version: 1 });
    expect(submitted.data?.submittedAt).toBeString();
    expect((await team(owner).submit.post()).data?.version).toBe(1); // a repeat changes nothing

    await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org/v2", revision: 1 });
    expect((await team(owner).get()).data).toMatchObject({ status: "SUBMITTED", version: 2 });
    const versions = (await team(mate).versions.get()).data!;
    expect(versions.map((v) => [v.number, v.entries])).toEqual([
      [2, 2],
      [1, 2],
    ]);
    const first = (await team(mate).versions({ number: 1 }).get()).data!;
    expect(first.items.map((i) => [i.title, i.url ?? i.text])).toEqual([
      ["Prototype", "https://example.org/demo"],
      ["Story", "# Our idea\n\nLess litter."],
    ]);
    expect((await team(mate).versions({ number: 2 }).get()).data?.items[0]?.url).toBe("https://example.org/v2");
  });

  test("Withdraw takes it out of judging; it can be submitted again", async () => {
    const { link, story, owner, team } = await teamOfTwo();
    await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org", revision: 0 });
    await team(owner).items({ deliverableId: story.id }).put({ text: "Story", revision: 0 });
    await team(owner).submit.post();
    expect((await team(owner).withdraw.post()).data?.status).toBe("WITHDRAWN");
    expect((await team(owner).submit.post()).data).toMatchObject({ status: "SUBMITTED", version: 2 });
  });
});

describe("what an entry may hold", () => {
  test("a link is http(s) with a host: javascript:, data:, relative and hostless links are refused", async () => {
    const { link, owner, team } = await teamOfTwo();
    const put = (url: string) => team(owner).items({ deliverableId: link.id }).put({ url, revision: 0 });
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT://%0aalert(1)",
      "data:text/html,x",
      "/relative",
      "http://",
      "ftp://x.org",
      "https:// x",
    ]) {
      const res = await put(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect(await (await db()).submissionItem.count({ where: { deliverableId: link.id } })).toBe(0);
    expect((await put("HTTPS://Example.org/a b")).status).toBe(400);
    expect((await put("https://example.org/path?q=1#x")).data?.url).toBe("https://example.org/path?q=1#x");
  });

  test("the entry's kind is the deliverable's; text at most 20,000 characters; NUL refused", async () => {
    const { link, story, deck, owner, team } = await teamOfTwo();
    const item = (id: string) => team(owner).items({ deliverableId: id });
    expect(await item(link.id).put({ text: "not a link", revision: 0 })).toMatchObject({
      status: 400,
      ...message(E.wrongKind("URL")),
    });
    expect(await item(story.id).put({ url: "https://example.org", revision: 0 })).toMatchObject({
      status: 400,
      ...message(E.wrongKind("TEXT")),
    });
    expect(await item(deck.id).put({ url: "https://example.org", revision: 0 })).toMatchObject({
      status: 400,
      ...message(E.fileLater),
    });
    expect(await item(story.id).put({ text: "both", url: "https://example.org", revision: 0 })).toMatchObject({
      status: 400,
      ...message(E.oneOf),
    });
    expect(await item(story.id).put({ revision: 0 })).toMatchObject({ status: 400, ...message(E.oneOf) });
    expect(await item(link.id).put({ url: "javascript:alert(1)", revision: 0 })).toMatchObject({
      status: 400,
      ...message(E.url),
    });
    expect((await item(story.id).put({ text: "x".repeat(20_001), revision: 0 })).status).toBe(400);
    expect((await item(story.id).put({ text: "a\u0000b", revision: 0 })).status).toBe(400);
    expect((await item(story.id).put({ text: "x".repeat(20_000), revision: 0 })).status).toBe(200);
  });
});

describe("deadlines are the server's", () => {
  test("after the due time the entry is refused; an admin's extension opens it again", async () => {
    const { link, story, owner, team } = await teamOfTwo({ linkDue: new Date(Date.now() - HOUR) });
    const late = await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org", revision: 0 });
    expect(late).toMatchObject({ status: 409, ...message(E.deadline) });
    expect((await team(owner).items({ deliverableId: story.id }).put({ text: "still open", revision: 0 })).status).toBe(200);
    const { id } = (await team(owner).get()).data!;
    await (await db()).submission.update({ where: { id }, data: { extendedUntil: new Date(Date.now() + HOUR) } });
    expect((await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org", revision: 0 })).status).toBe(
      200,
    );
  });

  test("a completed challenge takes no more changes; a hidden deliverable takes no entries", async () => {
    const { challenge, link, story, owner, team } = await teamOfTwo();
    await (await db()).deliverable.update({ where: { id: link.id }, data: { hidden: true } });
    expect(await team(owner).items({ deliverableId: link.id }).put({ url: "https://example.org", revision: 0 })).toMatchObject({
      status: 409,
      ...message(E.hidden),
    });
    await (await db()).challenge.update({ where: { id: challenge.id }, data: { status: "COMPLETED" } });
    expect((await team(owner).items({ deliverableId: story.id }).put({ text: "too late", revision: 0 })).status).toBe(409);
  });
});

describe("two members editing one entry", () => {
  test("the stale write gets 409 with the current entry; nothing is lost; a repeated write is not stale", async () => {
    const { story, owner, mate, team } = await teamOfTwo();
    const first = await team(owner).items({ deliverableId: story.id }).put({ text: "Owner's draft", revision: 0 });
    expect(first.data?.revision).toBe(1);
    // Both read revision 1; the mate saves first, the owner's save is stale.
    expect(
      (await team(mate).items({ deliverableId: story.id }).put({ text: "Mate's rewrite", revision: 1 })).data?.revision,
    ).toBe(2);
    const stale = await team(owner).items({ deliverableId: story.id }).put({ text: "Owner's edit", revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.error?.value).toMatchObject({
      message: E.stale,
      current: { text: "Mate's rewrite", revision: 2, updatedBy: mate.user.username },
    });
    expect((await team(owner).get()).data?.items[0]).toMatchObject({ text: "Mate's rewrite", revision: 2 });
    // The mate's double click: same text, same revision it read — answered as done, not stale.
    expect((await team(mate).items({ deliverableId: story.id }).put({ text: "Mate's rewrite", revision: 1 })).status).toBe(200);
  });

  test("two saves at the same moment from the same revision: one wins, the other is told", async () => {
    const { story, owner, mate, team } = await teamOfTwo();
    const answers = await Promise.all([
      team(owner).items({ deliverableId: story.id }).put({ text: "A", revision: 0 }),
      team(mate).items({ deliverableId: story.id }).put({ text: "B", revision: 0 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await (await db()).submissionItem.findFirstOrThrow({ where: { deliverableId: story.id } });
    expect(row.revision).toBe(1);
  });
});

describe("another team's work is out of reach", () => {
  test("outsiders, pending and rejected applicants, and a removed member reach nothing", async () => {
    const { challenge, story, owner, mate, team } = await teamOfTwo();
    await team(owner).items({ deliverableId: story.id }).put({ text: "secret plan", revision: 0 });
    const pending = await createUser();
    await createApplication(challenge.id, pending.id, { status: "PENDING" });
    const rejected = await createUser();
    await createApplication(challenge.id, rejected.id, { status: "REJECTED" });
    const rival = await approved(challenge.id);
    await rival.api.challenges({ id: challenge.id }).submission.post();
    await team(owner).members({ userId: mate.user.id }).delete();
    for (const who of [as(pending), as(rejected), rival.api, mate.api, as(await createUser())]) {
      const theirs = who.challenges({ id: challenge.id }).submission;
      const read = await theirs.get();
      expect(JSON.stringify(read.data ?? read.error?.value)).not.toContain("secret plan");
      expect((await theirs.versions.get()).data ?? []).toEqual([]);
      const write = await theirs.items({ deliverableId: story.id }).put({ text: "overwrite", revision: 1 });
      // No team: 404. The rival's own team: its own (empty) entry, where revision 1 is stale — never ours.
      expect([404, 409]).toContain(write.status);
    }
    expect((await team(owner).get()).data?.items[0]?.text).toBe("secret plan");
    expect((await as().challenges({ id: challenge.id }).submission.get()).status).toBe(401);
  });

  test("a deliverable with entries cannot be deleted or change kind (409), only hidden", async () => {
    const { challenge, story, owner, team } = await teamOfTwo();
    await team(owner).items({ deliverableId: story.id }).put({ text: "work", revision: 0 });
    const admin = as(await createUser({ role: "ADMIN" }))
      .challenges({ id: challenge.id })
      .deliverables({ deliverableId: story.id });
    expect(await admin.delete()).toMatchObject({ status: 409, ...message(DELIVERABLE_MESSAGES.holdsEntries) });
    expect(await admin.patch({ kind: "URL" })).toMatchObject({ status: 409, ...message(DELIVERABLE_MESSAGES.kindWithEntries) });
    expect((await admin.patch({ hidden: true })).status).toBe(200);
  });
});
