// Deliverables (decision 019): who may define them, what a visitor sees on a challenge's page, the defaults
// (due when the challenge ends; files: every kind, 25 MB), the limits, and the order.
import { describe, expect, test } from "bun:test";
import { as, invalid } from "../../../test/client";
import { createChallenge, createUser } from "../../../test/factories";
import { db } from "../../db/client";
import { DELIVERABLE_DEFAULT_MAX_BYTES, DELIVERABLE_MESSAGES, DELIVERABLES_PER_CHALLENGE_MAX, FILE_KINDS } from "./schema";

const delegate = () => createUser({ toolAccess: ["challenges"] });
const END = new Date("2027-03-31T17:00:00.000Z");
const pitch = { title: "Pitch deck", kind: "FILE" as const, required: true };

describe("who may manage deliverables", () => {
  test("visitors 401, members and other delegates 403, challenges delegates and admins succeed", async () => {
    const challenge = await createChallenge({ endDate: END });
    const post = (api: ReturnType<typeof as>) => api.challenges({ id: challenge.id }).deliverables.post(pitch);
    expect((await post(as())).status).toBe(401);
    expect((await post(as(await createUser()))).status).toBe(403);
    expect((await post(as(await createUser({ toolAccess: ["projects"] })))).status).toBe(403);
    expect((await post(as(await delegate()))).status).toBe(201);
    expect((await post(as(await createUser({ role: "ADMIN" })))).status).toBe(201);

    const [first] = (await as().challenges({ id: challenge.id }).deliverables.get()).data!;
    const member = as(await createUser());
    const one = member.challenges({ id: challenge.id }).deliverables({ deliverableId: first!.id });
    expect((await one.patch({ title: "Mine" })).status).toBe(403);
    expect((await one.delete()).status).toBe(403);
    expect(await (await db()).deliverable.count({ where: { challengeId: challenge.id } })).toBe(2);
  });
});

describe("defining them", () => {
  test("a file deliverable is due when the challenge ends and accepts every kind up to 25 MB unless told", async () => {
    const challenge = await createChallenge({ endDate: END });
    const api = as(await delegate());
    const { status, data } = await api
      .challenges({ id: challenge.id })
      .deliverables.post({ ...pitch, guidance: "  10 slides  " });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      position: 1,
      title: "Pitch deck",
      guidance: "10 slides",
      kind: "FILE",
      required: true,
      dueAt: END.toISOString(),
      acceptedKinds: [...FILE_KINDS],
      maxBytes: DELIVERABLE_DEFAULT_MAX_BYTES,
      hidden: false,
    });
  });

  test("without an end date, or with dueAt null, it stays open until the challenge is completed", async () => {
    const open = await createChallenge({ endDate: null });
    const api = as(await delegate());
    const link = { title: "Prototype link", kind: "URL" as const, required: false };
    expect((await api.challenges({ id: open.id }).deliverables.post(link)).data).toMatchObject({ dueAt: null, maxBytes: null });
    const dated = await createChallenge({ endDate: END });
    expect((await api.challenges({ id: dated.id }).deliverables.post({ ...link, dueAt: null })).data?.dueAt).toBeNull();
    const due = "2027-03-01T09:00:00+01:00";
    expect((await api.challenges({ id: dated.id }).deliverables.post({ ...link, dueAt: due })).data?.dueAt).toBe(
      "2027-03-01T08:00:00.000Z",
    );
  });

  test("bad input gets a clear 400 and stores nothing", async () => {
    const challenge = await createChallenge();
    const api = as(await delegate()).challenges({ id: challenge.id }).deliverables;
    const cases: [unknown, string][] = [
      [{ ...pitch, title: "   " }, "Title is required"],
      [{ ...pitch, title: "x".repeat(201) }, "Title is required"],
      [{ ...pitch, kind: "VIDEO" }, DELIVERABLE_MESSAGES.kind],
      [{ ...pitch, required: "yes" }, DELIVERABLE_MESSAGES.required],
      [{ ...pitch, dueAt: "next friday" }, DELIVERABLE_MESSAGES.dueAt],
      [{ ...pitch, acceptedKinds: ["exe"] }, DELIVERABLE_MESSAGES.acceptedKinds],
      [{ ...pitch, acceptedKinds: ["pdf", "pdf"] }, DELIVERABLE_MESSAGES.acceptedKinds],
      [{ ...pitch, acceptedKinds: [] }, DELIVERABLE_MESSAGES.noKinds],
      [{ ...pitch, maxBytes: 201 * 1024 * 1024 }, DELIVERABLE_MESSAGES.maxBytes],
      [{ ...pitch, maxBytes: 1.5 }, DELIVERABLE_MESSAGES.maxBytes],
      [{ ...pitch, kind: "TEXT", maxBytes: 1024 * 1024 }, DELIVERABLE_MESSAGES.fileOnly],
      [{ ...pitch, kind: "URL", acceptedKinds: ["pdf"] }, DELIVERABLE_MESSAGES.fileOnly],
      [{ ...pitch, title: "Pitch\u0000deck" }, "title contains characters that are not allowed"],
    ];
    for (const [body, message] of cases) {
      const res = await api.post(invalid(body));
      expect({ body, res }).toMatchObject({
        body,
        res: { status: 400, error: { value: { message: expect.stringContaining(message) } } },
      });
    }
    expect(await (await db()).deliverable.count({ where: { challengeId: challenge.id } })).toBe(0);
  });

  test(`a challenge holds at most ${DELIVERABLES_PER_CHALLENGE_MAX}: the next one is a 409`, async () => {
    const challenge = await createChallenge();
    await (await db()).deliverable.createMany({
      data: Array.from({ length: DELIVERABLES_PER_CHALLENGE_MAX }, (_, i) => ({
        challengeId: challenge.id,
        position: i + 1,
        title: `D${i}`,
        kind: "TEXT" as const,
      })),
    });
    const res = await as(await delegate())
      .challenges({ id: challenge.id })
      .deliverables.post(pitch);
    expect(res).toMatchObject({ status: 409, error: { value: { message: DELIVERABLE_MESSAGES.tooMany } } });
  });

  test("an unknown challenge or deliverable is a 404, and a deliverable is only reached through its own challenge", async () => {
    const api = as(await delegate());
    expect((await api.challenges({ id: crypto.randomUUID() }).deliverables.post(pitch)).status).toBe(404);
    const [a, b] = [await createChallenge(), await createChallenge()];
    const made = (await api.challenges({ id: a.id }).deliverables.post(pitch)).data!;
    const elsewhere = api.challenges({ id: b.id }).deliverables({ deliverableId: made.id });
    expect((await elsewhere.patch({ title: "Moved" })).status).toBe(404);
    expect((await elsewhere.delete()).status).toBe(404);
    expect((await api.challenges({ id: a.id }).deliverables.get()).data?.map((d) => d.title)).toEqual(["Pitch deck"]);
  });
});

describe("editing, ordering, hiding, deleting", () => {
  async function three() {
    const challenge = await createChallenge({ endDate: END });
    const api = as(await delegate());
    const list = api.challenges({ id: challenge.id }).deliverables;
    const ids: string[] = [];
    for (const title of ["Deck", "Video", "Summary"]) {
      ids.push((await list.post({ title, kind: title === "Summary" ? "TEXT" : "FILE", required: true })).data!.id);
    }
    const titles = async () => (await list.get({ query: { hidden: "include" } })).data!.map((d) => `${d.position}:${d.title}`);
    return { challenge, api, list, ids, titles };
  }

  test("moving one renumbers the rest; a position past the end puts it last", async () => {
    const { list, ids, titles } = await three();
    expect((await list({ deliverableId: ids[2]! }).patch({ position: 1 })).status).toBe(200);
    expect(await titles()).toEqual(["1:Summary", "2:Deck", "3:Video"]);
    await list({ deliverableId: ids[0]! }).patch({ position: 99 });
    expect(await titles()).toEqual(["1:Summary", "2:Video", "3:Deck"]);
    await list({ deliverableId: ids[1]! }).delete();
    expect(await titles()).toEqual(["1:Summary", "2:Deck"]);
  });

  test("a kind change keeps only what the kind uses; hidden ones leave the public list but not the admin's", async () => {
    const { challenge, list, ids } = await three();
    const text = await list({ deliverableId: ids[0]! }).patch({ kind: "TEXT" });
    expect(text.data).toMatchObject({ kind: "TEXT", acceptedKinds: [], maxBytes: null });
    const file = await list({ deliverableId: ids[0]! }).patch({ kind: "FILE", acceptedKinds: ["video", "pdf"], maxBytes: 2048 });
    expect(file.data).toMatchObject({ acceptedKinds: ["pdf", "video"], maxBytes: 2048 });
    await list({ deliverableId: ids[1]! }).patch({ hidden: true });
    // The challenge page shows what teams see, to admins too; the Deliverables dialog asks for hidden ones.
    for (const viewer of [as(), as(await createUser({ role: "ADMIN" }))]) {
      expect((await viewer.challenges({ id: challenge.id }).deliverables.get()).data?.map((d) => d.title)).toEqual([
        "Deck",
        "Summary",
      ]);
    }
    const member = as(await createUser()).challenges({ id: challenge.id }).deliverables;
    expect((await member.get({ query: { hidden: "include" } })).data?.map((d) => d.title)).toEqual(["Deck", "Summary"]);
    expect((await list.get({ query: { hidden: "include" } })).data?.map((d) => [d.title, d.hidden])).toEqual([
      ["Deck", false],
      ["Video", true],
      ["Summary", false],
    ]);
  });
});

describe("what a visitor sees", () => {
  test("a non-DRAFT challenge's deliverables are public; a DRAFT's are 404 except to the section", async () => {
    const draft = await createChallenge({ status: "DRAFT" });
    const api = as(await delegate());
    await api.challenges({ id: draft.id }).deliverables.post(pitch);
    expect((await as().challenges({ id: draft.id }).deliverables.get()).status).toBe(404);
    expect(
      (
        await as(await createUser())
          .challenges({ id: draft.id })
          .deliverables.get()
      ).status,
    ).toBe(404);
    expect((await api.challenges({ id: draft.id }).deliverables.get()).data).toHaveLength(1);
    for (const status of ["UPCOMING", "ACTIVE", "COMPLETED"] as const) {
      const shown = await createChallenge({ status });
      await api.challenges({ id: shown.id }).deliverables.post(pitch);
      expect((await as().challenges({ id: shown.id }).deliverables.get()).data?.map((d) => d.title)).toEqual(["Pitch deck"]);
    }
  });
});
