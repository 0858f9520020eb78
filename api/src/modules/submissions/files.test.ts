// File entries (decision 019; SPEC "Deliverables and submissions"): a team of two hands in a file, a link and a text
// and submits; the version holds the file's real SHA-256; a file of the wrong kind or over the limit is refused and
// nothing of it is kept; files are read through short-lived signed links by the team and admins only — anyone else
// (another team, a pending or rejected applicant, a removed member) gets 404, as does an expired or tampered link;
// the same through an S3-compatible bucket.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { as, BASE_URL, raw, SITE_ORIGIN } from "../../../test/client";
import { createApplication, createChallenge, createUser } from "../../../test/factories";
import { zip } from "../../../test/zip";
import { db } from "../../db/client";
import { localStorage, s3Storage, signLocalLink, type Storage, useStorage } from "../../lib/storage";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { ENTRY_MESSAGES as E, FILE_ENTRY_MESSAGES as F } from "./schema";

const HOUR = 3600_000;
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".padEnd(400, " "),
);
const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const dirs: string[] = [];
let store: Storage;
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), "entry-files-"));
  dirs.push(dir);
  store = localStorage(dir);
  useStorage(store);
});
afterAll(() => {
  useStorage(undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function approved(challengeId: string) {
  const user = await createUser();
  await createApplication(challengeId, user.id, { status: "ACTIVE" });
  return user;
}

/** A challenge asking for a PDF (required, 4 KB at most), a link and a text, and a team of two on it. */
async function teamOfTwo() {
  const challenge = await createChallenge({ endDate: new Date(Date.now() + 30 * 24 * HOUR) });
  const prisma = await db();
  const deck = await prisma.deliverable.create({
    data: {
      challengeId: challenge.id,
      position: 1,
      title: "Deck",
      kind: "FILE",
      required: true,
      acceptedKinds: ["pdf"],
      maxBytes: 4096,
    },
  });
  const link = await prisma.deliverable.create({
    data: { challengeId: challenge.id, position: 2, title: "Demo", kind: "URL", required: true },
  });
  const story = await prisma.deliverable.create({
    data: { challengeId: challenge.id, position: 3, title: "Story", kind: "TEXT", required: true },
  });
  const [owner, mate] = [await approved(challenge.id), await approved(challenge.id)];
  await as(owner).challenges({ id: challenge.id }).submission.post();
  await as(owner).challenges({ id: challenge.id }).submission.invitations.post({ usernameOrEmail: mate.username });
  const [invitation] = (await as(mate)["my-invitations"].get()).data!;
  await as(mate)["my-invitations"]({ id: invitation!.id }).accept.post();
  return { challenge, deck, link, story, owner, mate };
}

async function cookieOf(user: { id: string }) {
  return `${SESSION_COOKIE}=${(await createSession(user.id)).token}`;
}

/** PUT a file entry as a browser's form would. */
async function putFile(
  user: { id: string },
  challengeId: string,
  deliverableId: string,
  bytes: Uint8Array,
  name: string,
  revision = 0,
) {
  const form = new FormData();
  form.set("revision", String(revision));
  form.set("file", new File([new Uint8Array(bytes)], name, { type: "application/octet-stream" }));
  const res = await raw(
    new Request(`${BASE_URL}/api/challenges/${challengeId}/submission/items/${deliverableId}`, {
      method: "PUT",
      headers: { cookie: await cookieOf(user), origin: SITE_ORIGIN },
      body: form,
    }),
  );
  return { status: res.status, body: (await res.json()) as { message?: string; current?: unknown; [field: string]: unknown } };
}

/** The signed link the API hands `user` for the team's file (or its status when refused). */
async function linkFor(user: { id: string }, challengeId: string, deliverableId: string, version?: number) {
  const query = version === undefined ? "" : `?version=${version}`;
  const res = await raw(
    new Request(`${BASE_URL}/api/challenges/${challengeId}/submission/items/${deliverableId}/file${query}`, {
      headers: { cookie: await cookieOf(user) },
    }),
  );
  // 303 to a short-lived signed link; anything else is a refusal.
  return { status: res.status, url: res.status === 303 ? res.headers.get("location")! : undefined };
}

async function linkById(user: { id: string }, submissionId: string, deliverableId: string, version?: number) {
  const query = version === undefined ? "" : `?version=${version}`;
  const res = await raw(
    new Request(`${BASE_URL}/api/submissions/${submissionId}/items/${deliverableId}/file${query}`, {
      headers: { cookie: await cookieOf(user) },
    }),
  );
  return { status: res.status, url: res.status === 303 ? res.headers.get("location")! : undefined };
}

async function open(url: string) {
  const res = await raw(new Request(url.startsWith("http") ? url : BASE_URL + url));
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("content-type") };
}

describe("a team of two hands in a file, a link and a text", () => {
  test("the version holds the file's real SHA-256; members and admins open it through a signed link", async () => {
    const { challenge, deck, link, story, owner, mate } = await teamOfTwo();
    const put = await putFile(mate, challenge.id, deck.id, PDF, "Our deck.pdf");
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      revision: 1,
      updatedBy: mate.username,
      file: { name: "Our deck.pdf", type: "application/pdf", bytes: PDF.length, sha256: sha256(PDF) },
    });
    expect(JSON.stringify(put.body)).not.toContain("private/");
    const team = as(owner).challenges({ id: challenge.id }).submission;
    await team.items({ deliverableId: link.id }).put({ url: "https://example.org/demo", revision: 0 });
    await team.items({ deliverableId: story.id }).put({ text: "# Idea", revision: 0 });
    expect((await team.submit.post()).data).toMatchObject({ status: "SUBMITTED", version: 1 });
    const version = (await team.versions({ number: 1 }).get()).data!;
    expect(version.items.find((i) => i.deliverableId === deck.id)?.file).toEqual({
      name: "Our deck.pdf",
      type: "application/pdf",
      bytes: PDF.length,
      sha256: sha256(PDF),
    });
    expect(JSON.stringify(version)).not.toContain("private/");

    for (const reader of [owner, mate]) {
      const { status, url } = await linkFor(reader, challenge.id, deck.id);
      expect(status).toBe(303);
      const file = await open(url!);
      expect(file.status).toBe(200);
      expect(sha256(file.bytes)).toBe(sha256(PDF));
      expect(file.type).toBe("application/pdf");
    }
    // Admins and holders of the challenges section reach it by the submission's id.
    const submissionId = (await team.get()).data!.id;
    for (const reader of [await createUser({ role: "ADMIN" }), await createUser({ toolAccess: ["challenges"] })]) {
      const { status, url } = await linkById(reader, submissionId, deck.id, 1);
      expect(status).toBe(303);
      expect(sha256((await open(url!)).bytes)).toBe(sha256(PDF));
    }
  });

  test("a replaced file: the version still opens the old bytes; the new one is the entry's", async () => {
    const { challenge, deck, link, story, owner } = await teamOfTwo();
    await putFile(owner, challenge.id, deck.id, PDF, "v1.pdf");
    const team = as(owner).challenges({ id: challenge.id }).submission;
    await team.items({ deliverableId: link.id }).put({ url: "https://example.org/demo", revision: 0 });
    await team.items({ deliverableId: story.id }).put({ text: "Idea", revision: 0 });
    await team.submit.post();
    const second = new TextEncoder().encode(new TextDecoder().decode(PDF).replace("Catalog", "Catalog  "));
    const put = await putFile(owner, challenge.id, deck.id, second, "v2.pdf", 1);
    expect(put.body).toMatchObject({ revision: 2, file: { sha256: sha256(second) } });
    expect((await team.get()).data?.version).toBe(2);
    const old = await open((await linkFor(owner, challenge.id, deck.id, 1)).url!);
    expect(sha256(old.bytes)).toBe(sha256(PDF));
    const now = await open((await linkFor(owner, challenge.id, deck.id)).url!);
    expect(sha256(now.bytes)).toBe(sha256(second));
    // A stale revision: 409 with the entry as it is; nothing stored for it.
    const keys = await store.list();
    const stale = await putFile(owner, challenge.id, deck.id, PDF, "late.pdf", 1);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ revision: 2, file: { name: "v2.pdf" } });
    expect(await store.list()).toEqual(keys);
  });
});

describe("a replaced draft file", () => {
  test("is removed from storage when no version names it; the download is the new file", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    await putFile(owner, challenge.id, deck.id, PDF, "first.pdf");
    const [first] = await store.list();
    const second = new TextEncoder().encode(new TextDecoder().decode(PDF).replace("Catalog", "Catalog  "));
    expect((await putFile(owner, challenge.id, deck.id, second, "second.pdf", 1)).status).toBe(200);
    const keys = await store.list();
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(first);
    expect(sha256((await open((await linkFor(owner, challenge.id, deck.id)).url!)).bytes)).toBe(sha256(second));
  });
});

describe("what a file entry may be", () => {
  test("PNG bytes under a .pdf name when only PDF is accepted: 400 naming the accepted kinds, nothing kept", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    const res = await putFile(owner, challenge.id, deck.id, PNG, "deck.pdf");
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ message: F.wrongKind(["PDF"]) }) });
    expect(await store.list()).toEqual([]);
  });

  test("over the deliverable's limit: 413 with the limit, no partial object kept", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    const big = new Uint8Array(64 * 1024);
    big.set(PDF);
    const res = await putFile(owner, challenge.id, deck.id, big, "big.pdf");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(F.tooLarge(4096));
    expect(res.body.message).toContain("4 KB");
    expect(await store.list()).toEqual([]);
  });

  test("a presentation is told by the archive's entries: a PowerPoint is taken, a plain ZIP refused", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    await (await db()).deliverable.update({
      where: { id: deck.id },
      data: { acceptedKinds: ["presentation"], maxBytes: 64 * 1024 },
    });
    const plain = zip([["readme.txt", "hello"]]);
    const refused = await putFile(owner, challenge.id, deck.id, plain, "deck.pptx");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("PowerPoint");
    expect(await store.list()).toEqual([]);
    const pptx = zip([
      ["[Content_Types].xml", "<Types/>"],
      ["ppt/presentation.xml", "<p:presentation/>"],
    ]);
    const taken = await putFile(owner, challenge.id, deck.id, pptx, "deck");
    expect(taken.status).toBe(200);
    expect(taken.body.file).toMatchObject({
      name: "deck.pptx",
      type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      sha256: sha256(pptx),
    });
    expect(await store.list()).toEqual([expect.stringMatching(/^private\/[0-9a-f]{32}\.pptx$/)]);
  });

  test("a deliverable without a limit of its own takes the 25 MB default", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    await (await db()).deliverable.update({ where: { id: deck.id }, data: { maxBytes: null } });
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await putFile(owner, challenge.id, deck.id, big, "big.pdf");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(F.tooLarge(25 * 1024 * 1024));
    expect(await store.list()).toEqual([]);
  });

  test("JSON on a FILE deliverable and a file on a URL one: 400 with what to send", async () => {
    const { challenge, deck, link, owner } = await teamOfTwo();
    const json = await as(owner).challenges({ id: challenge.id }).submission.items({ deliverableId: deck.id }).put({
      url: "https://example.org",
      revision: 0,
    });
    expect(json.status).toBe(400);
    expect(json.error?.value).toMatchObject({ message: E.fileLater });
    const file = await putFile(owner, challenge.id, link.id, PDF, "a.pdf");
    expect(file).toEqual({ status: 400, body: expect.objectContaining({ message: F.notAFileDeliverable("URL") }) });
    expect(await store.list()).toEqual([]);
  });

  test("after the deliverable's due time: 409, nothing read or kept", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    await (await db()).deliverable.update({ where: { id: deck.id }, data: { dueAt: new Date(Date.now() - 1000) } });
    const res = await putFile(owner, challenge.id, deck.id, PDF, "a.pdf");
    expect(res).toEqual({ status: 409, body: expect.objectContaining({ message: E.deadline }) });
    expect(await store.list()).toEqual([]);
  });
});

describe("who may read a file", () => {
  test("another team, a pending or rejected applicant, a removed member: 404; expired or tampered links: 404", async () => {
    const { challenge, deck, owner, mate } = await teamOfTwo();
    await putFile(owner, challenge.id, deck.id, PDF, "deck.pdf");
    const { url } = await linkFor(owner, challenge.id, deck.id);

    const other = await approved(challenge.id);
    await as(other).challenges({ id: challenge.id }).submission.post();
    const pending = await createUser();
    await createApplication(challenge.id, pending.id, { status: "PENDING" });
    const rejected = await createUser();
    await createApplication(challenge.id, rejected.id, { status: "REJECTED" });
    await as(owner).challenges({ id: challenge.id }).submission.members({ userId: mate.id }).delete();
    const submissionId = (await as(owner).challenges({ id: challenge.id }).submission.get()).data!.id;
    for (const outsider of [other, pending, rejected, mate, await createUser({ toolAccess: ["projects"] })]) {
      expect((await linkFor(outsider, challenge.id, deck.id)).status).toBe(404);
      expect((await linkFor(outsider, challenge.id, deck.id, 1)).status).toBe(404);
      expect((await linkById(outsider, submissionId, deck.id)).status).toBe(404);
    }
    expect((await linkById(owner, submissionId, deck.id)).status).toBe(303);

    const link = new URL(url!, BASE_URL);
    const key = `private/${link.pathname.split("/").pop()}`;
    const tampered = new URL(link);
    tampered.searchParams.set("signature", `${link.searchParams.get("signature")!.slice(0, -2)}AA`);
    expect((await open(tampered.href)).status).toBe(404);
    const later = new URL(link);
    later.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3600));
    expect((await open(later.href)).status).toBe(404);
    const expired = signLocalLink(key, 1, undefined, Date.now() - 10_000, link.searchParams.get("filename") ?? undefined);
    expect((await open(expired)).status).toBe(404);
    expect((await open(url!)).status).toBe(200); // the untouched link, inside its five minutes
  });
});

describe("S3-compatible bucket (s3rver)", () => {
  let server: S3rver;
  let bucket: Storage;
  let s3Dir: string;
  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), "s3rver-entries-"));
    dirs.push(s3Dir);
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "entries-test", configs: [] }],
    });
    const { port } = (await server.run()) as unknown as { port: number };
    bucket = s3Storage({
      bucket: "entries-test",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      region: "us-east-1",
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => useStorage(bucket));

  test("a file entry lands privately in the bucket and opens through a presigned link; refusals leave it unchanged", async () => {
    const { challenge, deck, owner } = await teamOfTwo();
    const before = await bucket.list();
    expect((await putFile(owner, challenge.id, deck.id, PNG, "a.pdf")).status).toBe(400);
    const big = new Uint8Array(64 * 1024);
    big.set(PDF);
    expect((await putFile(owner, challenge.id, deck.id, big, "a.pdf")).status).toBe(413);
    expect(await bucket.list()).toEqual(before);
    expect((await putFile(owner, challenge.id, deck.id, PDF, "deck.pdf")).status).toBe(200);
    const added = (await bucket.list()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^private\/[0-9a-f]{32}\.pdf$/);
    const { url } = await linkFor(owner, challenge.id, deck.id);
    expect(url).toStartWith("http://127.0.0.1:");
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(PDF));
  });
});
