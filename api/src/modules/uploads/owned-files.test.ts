// Uploaded files belong to the records that name them (decision 016): replacing a challenge's, project's or resource's
// image or file, or deleting the record (with what its deletion takes along), deletes the files it gave up — by a job
// enqueued with the write, once nothing else names them. A file another record still names stays.
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signedInClient, type Client } from "../../../test/client";
import { createChallenge, createProject, createUser } from "../../../test/factories";
import { drain, withJobQueue } from "../../../test/jobs";
import { db } from "../../db/client";
import { localStorage, useStorage } from "../../lib/storage";
import { FILE_CLEANUP_JOB } from "./references";
import { processedImageOf } from "./schema";

withJobQueue();
const dir = mkdtempSync(join(tmpdir(), "owned-files-test-"));
const store = localStorage(dir);
beforeEach(() => useStorage(store));
afterAll(() => {
  useStorage(undefined);
  rmSync(dir, { recursive: true, force: true });
});

let admin: Client;
beforeAll(async () => {
  admin = await signedInClient(await createUser({ role: "ADMIN" }));
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
/** A stored upload and the URL a record keeps for it. */
async function stored(extension = "png") {
  const name = `${crypto.randomUUID().replaceAll("-", "")}.${extension}`;
  await store.put(`public/${name}`, PNG, extension === "pdf" ? "application/pdf" : "image/png");
  return { name, url: `/api/files/${name}` };
}
/** A processed image as an upload stores it (decision 016): the image, named with its size, and its copies. */
async function storedImage(width = 1200, height = 800) {
  const name = `${crypto.randomUUID().replaceAll("-", "")}_${width}x${height}.jpg`;
  const copies = processedImageOf(name)!.variants.map((v) => ({ name: v.name }));
  for (const file of [{ name }, ...copies]) await store.put(`public/${file.name}`, PNG, "image/jpeg");
  return { name, url: `/api/files/${name}`, files: [{ name }, ...copies] };
}
/** Which of `files` are still in storage, after the clean-up jobs ran. */
async function kept(...files: { name: string }[]) {
  await drain(FILE_CLEANUP_JOB);
  const names = new Set((await store.list("public/")).map((key) => key.slice("public/".length)));
  return files.filter((f) => names.has(f.name)).map((f) => f.name);
}

test("a challenge's replaced image goes, the new one stays; deleting it takes its image along", async () => {
  const [old, next] = [await stored(), await stored()];
  const challenge = await createChallenge({ imageUrl: old.url });
  expect((await admin.api.challenges({ id: challenge.id }).patch({ title: "Renamed" })).status).toBe(200);
  expect(await kept(old)).toEqual([old.name]); // an edit that keeps the image keeps the file
  expect((await admin.api.challenges({ id: challenge.id }).patch({ imageUrl: next.url })).status).toBe(200);
  expect(await kept(old, next)).toEqual([next.name]);
  expect((await admin.api.challenges({ id: challenge.id }).delete()).status).toBe(204);
  expect(await kept(next)).toEqual([]);
});

test("deleting a challenge deletes the files of the projects and resources deleted with it", async () => {
  const [image, projectImage, paper, resourceImage] = [await stored(), await stored(), await stored("pdf"), await stored()];
  const challenge = await createChallenge({ imageUrl: image.url });
  const project = await createProject({ challengeId: challenge.id, imageUrl: projectImage.url, whitePaperUrl: paper.url });
  await (await db()).resource.create({
    data: { title: "Kit", description: "A kit", type: "TOOL", projectId: project.id, imageUrl: resourceImage.url },
  });
  expect((await admin.api.challenges({ id: challenge.id }).delete()).status).toBe(204);
  expect(await kept(image, projectImage, paper, resourceImage)).toEqual([]);
});

test("a file another record still names is kept when one of them lets it go", async () => {
  const shared = await stored();
  const challenge = await createChallenge({ imageUrl: shared.url });
  const project = await createProject({ imageUrl: shared.url }); // e.g. archived from it, image and all
  expect((await admin.api.challenges({ id: challenge.id }).delete()).status).toBe(204);
  expect(await kept(shared)).toEqual([shared.name]);
  expect((await admin.api.projects({ id: project.id }).delete()).status).toBe(204);
  expect(await kept(shared)).toEqual([]);
});

test("a project's replaced image and white paper go; a resource's replaced image goes, and its image on delete", async () => {
  const [image, paper, newImage, newPaper] = [await stored(), await stored("pdf"), await stored(), await stored("pdf")];
  const project = await createProject({ imageUrl: image.url, whitePaperUrl: paper.url });
  const edited = await admin.api.projects({ id: project.id }).patch({ imageUrl: newImage.url, whitePaperUrl: newPaper.url });
  expect(edited.status).toBe(200);
  expect(await kept(image, paper, newImage, newPaper)).toEqual([newImage.name, newPaper.name]);

  const [resourceImage, replacement] = [await stored(), await stored()];
  const created = await admin.api.resources.post({
    title: "Grant kit",
    description: "Templates for grants",
    type: "TEMPLATE",
    accessLevel: "FREE",
    imageUrl: resourceImage.url,
  });
  expect(created.status).toBe(201);
  const id = created.data!.id;
  expect((await admin.api.resources({ id }).patch({ imageUrl: replacement.url })).status).toBe(200);
  expect(await kept(resourceImage, replacement)).toEqual([replacement.name]);
  expect((await admin.api.resources({ id }).delete()).status).toBe(204);
  expect(await kept(replacement)).toEqual([]);
});

test("URLs that are not uploads (the site's own images, links) are left alone", async () => {
  const challenge = await createChallenge({ imageUrl: "/images/default-challenge.svg" });
  expect((await admin.api.challenges({ id: challenge.id }).patch({ imageUrl: "https://example.org/a.png" })).status).toBe(200);
  expect((await admin.api.challenges({ id: challenge.id }).delete()).status).toBe(204);
  await drain(FILE_CLEANUP_JOB); // nothing was enqueued that could fail
});

test("a processed image goes with all its copies when its challenge replaces it, and when its project is deleted", async () => {
  const [old, next] = [await storedImage(), await storedImage(2560, 1440)];
  expect(old.files.length).toBe(7); // the image, and AVIF + WebP at 480, 960 and 1200
  const challenge = await createChallenge({ imageUrl: old.url });
  expect((await admin.api.challenges({ id: challenge.id }).patch({ imageUrl: next.url })).status).toBe(200);
  expect(await kept(...old.files, ...next.files)).toEqual(next.files.map((f) => f.name));

  const project = await createProject({ imageUrl: next.url });
  expect((await admin.api.challenges({ id: challenge.id }).delete()).status).toBe(204);
  expect((await kept(...next.files)).length).toBe(7); // the project still names it: image and copies stay
  expect((await admin.api.projects({ id: project.id }).delete()).status).toBe(204);
  expect(await kept(...next.files)).toEqual([]);
});

test("a copy's URL is not a record's image: refused, so it can never outlive or pin its image", async () => {
  const image = await storedImage();
  const copyUrl = `/api/files/${image.files[1]!.name}`;
  const challenge = await createChallenge();
  expect((await admin.api.challenges({ id: challenge.id }).patch({ imageUrl: copyUrl })).status).toBe(400);
  const project = await createProject();
  expect((await admin.api.projects({ id: project.id }).patch({ imageUrl: copyUrl })).status).toBe(400);
  expect((await admin.api.projects({ id: project.id }).patch({ imageUrl: image.url })).status).toBe(200);
});

test("a processed image claimed as a resource's download goes private, and its public copies go at once", async () => {
  const image = await storedImage();
  const created = await admin.api.resources.post({
    title: "Poster pack",
    description: "A printable poster",
    type: "TEMPLATE",
    accessLevel: "FREE",
    fileUrl: image.url,
  });
  expect(created.status).toBe(201);
  expect(await store.list()).toContain(`private/${image.name}`);
  expect(await kept(...image.files)).toEqual([]); // nothing of it is public any more
});
