// Uploads and storage (SPEC §7 POST /api/upload, §9; decision 007): who may upload, type decided by the bytes, limits
// while reading, nothing stored on refusal, served headers, signed links, and the same through an S3-compatible bucket
// (s3rver).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { crc32 } from "node:zlib";
import { treaty } from "@elysiajs/eden";
import { app } from "../../app";
import { BASE_URL, raw, signedInClient, SITE_ORIGIN, type CookieJar } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { recordClientIp } from "../../lib/client-ip";
import { localStorage, s3Storage, signLocalLink, storage, useStorage, verifyLocalLink, type Storage } from "../../lib/storage";
import { env } from "../../env";
import { detectFormat, findMarkup, inspectFile, looksComplete } from "./file-kind";
import { boundaryOf, receiveMultipart } from "./multipart";
import {
  IMAGE_MAX_BYTES,
  processedImageOf,
  UPLOAD_MESSAGES,
  UPLOADED_IMAGE_URL_PATTERN,
  UPLOADED_PDF_URL_PATTERN,
} from "./schema";
import { UPLOAD_CONCURRENCY, UPLOAD_QUEUE, UPLOADS_PER_MEMBER, uploadLimits } from "./service";

// ---- Sample files -------------------------------------------------------------------------------------------------
const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const PNG = b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
const GIF = b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
const WEBP = b64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA");
// A real 8×8 JPEG: uploaded images must decode (they are re-encoded, decision 016).
const JPEG = b64(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==",
);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const HTML = new TextEncoder().encode("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>',
);
// A valid GIF whose comment extension carries an HTML/JS payload: opened as HTML it would run the script.
const POLYGLOT = new Uint8Array([
  ...GIF.slice(0, -1),
  0x21,
  0xfe,
  0x20,
  ...Buffer.from("*/=1;<script>alert(1)</script>/*".padEnd(32)),
  0x00,
  0x3b,
]);

/**
 * A PNG of about `size` bytes by its first and last bytes — valid signature and IHDR, random (incompressible) filler,
 * IEND at the end — that does not decode: for the checks made before any decoding (type, size, markup).
 */
function bigPng(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG.slice(0, 33));
  crypto.getRandomValues(bytes.subarray(33, size - 12));
  bytes.set(PNG.slice(-12), size - 12);
  return bytes;
}

/** A 1×1 PNG that decodes, brought to exactly `size` bytes by a private ancillary chunk (decoders skip it). */
function paddedPng(size: number) {
  const data = new Uint8Array(size - PNG.length - 12);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(Buffer.from("paDd"), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return new Uint8Array([...PNG.slice(0, -12), ...chunk, ...PNG.slice(-12)]);
}

/** The keys an upload stored: its own and, for a processed image, its copies' (decision 016). */
function keysOf(url: string) {
  const name = url.split("/").pop()!;
  return [name, ...(processedImageOf(name)?.variants.map((v) => v.name) ?? [])].map((n) => `public/${n}`).sort();
}

const form = (bytes: Uint8Array, name: string, type = "application/octet-stream") => {
  const data = new FormData();
  data.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return data;
};
/**
 * A raw call as a browser makes it (multipart bodies and byte-level checks are beyond the typed client): the jar's
 * cookies, the site's Origin on writes; the answer's status, headers and parsed body.
 */
async function call(
  path: string,
  {
    method = "GET",
    body,
    jar,
    headers = {},
    json,
  }: { method?: string; body?: BodyInit | null; jar?: CookieJar; headers?: Record<string, string>; json?: unknown } = {},
) {
  const h = new Headers(headers);
  if (jar?.cookies.size) h.set("cookie", jar.header());
  if (json !== undefined) {
    h.set("content-type", "application/json");
    body = JSON.stringify(json);
  }
  if (method !== "GET" && !h.has("origin")) h.set("origin", SITE_ORIGIN);
  const res = await raw(new Request(BASE_URL + path, { method, body, headers: h }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever field the answer has
  return { status: res.status, headers: res.headers, body: parsed as any, text };
}
const upload = (body: BodyInit | null, jar?: CookieJar, query = "", headers: Record<string, string> = {}) =>
  call(`/api/upload${query}`, { method: "POST", body, jar, headers });

/** The raw response (bytes and headers) for a GET. */
async function fetchFile(path: string) {
  const request = new Request(BASE_URL + path);
  recordClientIp(request, "10.0.0.9");
  return app.handle(request);
}

// ---- Storage per test: a fresh temporary directory --------------------------------------------------------------
const temporaryDirs: string[] = [];
let store: Storage;
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), "uploads-test-"));
  temporaryDirs.push(dir);
  store = localStorage(dir);
  useStorage(store);
});
afterAll(() => {
  useStorage(undefined);
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

let admin: CookieJar, delegate: CookieJar, member: CookieJar;
let adminId: string;
beforeAll(async () => {
  const adminUser = await createUser({ role: "ADMIN" });
  adminId = adminUser.id;
  admin = (await signedInClient(adminUser)).jar;
  delegate = (await signedInClient(await createUser({ toolAccess: ["projects"] }))).jar;
  member = (await signedInClient(await createUser())).jar;
});
// This file uploads far more than a person would: the shared admin starts each test with a fresh allowance.
beforeEach(() => uploadLimits.perMember.reset(adminId));

// ---- Recognising files by their bytes ----------------------------------------------------------------------------
describe("file kinds from bytes", () => {
  test("magic numbers name the format; names and declared types play no part", () => {
    expect([PNG, JPEG, GIF, WEBP, PDF].map(detectFormat)).toEqual(["png", "jpg", "gif", "webp", "pdf"]);
    expect([HTML, SVG, new Uint8Array([1, 2, 3]), new Uint8Array()].map(detectFormat)).toEqual([null, null, null, null]);
  });

  test("complete files pass; cut-off ones do not", () => {
    for (const [format, bytes] of [
      ["png", PNG],
      ["jpg", JPEG],
      ["gif", GIF],
      ["webp", WEBP],
      ["pdf", PDF],
    ] as const) {
      expect(looksComplete(format, bytes)).toBe(true);
      expect(looksComplete(format, bytes.slice(0, bytes.length - 6))).toBe(false);
    }
  });

  test("markup is found in polyglots, not in honest files", () => {
    expect(findMarkup(POLYGLOT)).toBe("<script");
    expect(findMarkup(new Uint8Array([...PNG.slice(0, 40), ...Buffer.from("<SVG><ScRiPt>")]))).toBe("<script");
    for (const bytes of [PNG, JPEG, GIF, WEBP, PDF, bigPng(200_000)]) expect(findMarkup(bytes)).toBeNull();
  });
});

describe("inspecting a file in chunks (uploads spooled to disk)", () => {
  test("gives the answers detectFormat, looksComplete and findMarkup give for the whole file", async () => {
    const samples = [PNG, JPEG, GIF, WEBP, PDF, HTML, SVG, POLYGLOT, bigPng(200_000)];
    for (const bytes of [...samples, ...samples.map((b) => b.slice(0, b.length - 6))]) {
      const format = detectFormat(bytes);
      const seen = await inspectFile(new Blob([bytes as Uint8Array<ArrayBuffer>]));
      expect(seen.format).toBe(format);
      if (!format) continue;
      expect(seen.complete).toBe(looksComplete(format, bytes));
      expect(Boolean(seen.markup)).toBe(Boolean(findMarkup(bytes)));
    }
  });

  test("finds markup and a JPEG's end marker split across the chunks a file is read in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inspect-"));
    temporaryDirs.push(dir);
    // Bun reads files in chunks of at most 512 KiB: put the token across that seam.
    const seam = 512 * 1024;
    const png = bigPng(seam * 2);
    png.set(Buffer.from("<ScRiPt"), seam - 3);
    await Bun.write(join(dir, "a.png"), png);
    expect((await inspectFile(Bun.file(join(dir, "a.png")))).markup).toBe("<script");
    const jpeg = new Uint8Array(seam * 2).fill(0x11);
    jpeg.set(JPEG.slice(0, 20));
    jpeg.set([0xff, 0xd9], seam - 1);
    await Bun.write(join(dir, "a.jpg"), jpeg);
    expect(await inspectFile(Bun.file(join(dir, "a.jpg")))).toEqual({ format: "jpg", complete: true, markup: null });
  });
});

// ---- POST /api/upload --------------------------------------------------------------------------------------------
describe("POST /api/upload", () => {
  test.each([
    ["PNG", PNG, "photo.png"],
    ["JPEG", JPEG, "photo.jpg"],
    ["GIF", GIF, "anim.gif"],
    ["WebP", WEBP, "pic.webp"],
  ])("an admin uploads a %s image: 201 { url } under a generated name, stored with its copies", async (_, bytes, name) => {
    const res = await upload(form(bytes, name), admin);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(UPLOADED_IMAGE_URL_PATTERN));
    expect(res.body.url).not.toContain(name.split(".")[0]);
    expect(await store.list()).toEqual(keysOf(res.body.url));
    // Stills are processed (their size in the name, AVIF and WebP copies); a GIF is kept as uploaded.
    expect(keysOf(res.body.url).length).toBe(name.endsWith(".gif") ? 1 : 3);
  });

  test("a delegate of any section may upload; a PDF white paper with type=pdf", async () => {
    const res = await upload(form(PDF, "paper.pdf", "application/pdf"), delegate, "?type=pdf");
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(UPLOADED_PDF_URL_PATTERN));
  });

  test("the stored extension follows the bytes, not the name: a GIF named .png is stored as .gif", async () => {
    const res = await upload(form(GIF, "looks.png", "image/png"), admin);
    expect(res.status).toBe(201);
    expect(res.body.url).toEndWith(".gif");
  });

  test("visitors get 401 and members 403, and nothing is read or stored", async () => {
    expect((await upload(form(PNG, "a.png"))).status).toBe(401);
    const res = await upload(form(PNG, "a.png"), member);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have permission to do this");
    // Refused before reading: even a body over the limit gets 401/403, not 413.
    expect((await upload(form(bigPng(IMAGE_MAX_BYTES + 100_000), "big.png"), member)).status).toBe(403);
    expect((await upload(form(bigPng(IMAGE_MAX_BYTES + 100_000), "big.png"))).status).toBe(401);
    // Without a body too: the answer is about who, never about the missing file.
    expect((await upload(null, member)).status).toBe(403);
    expect((await upload(null)).status).toBe(401);
    expect(await store.list()).toEqual([]);
  });

  test.each([
    ["a PNG renamed .pdf", PNG, "paper.pdf", "application/pdf", "?type=pdf", 400, UPLOAD_MESSAGES.notAPdf],
    ["a PDF renamed .png", PDF, "photo.png", "image/png", "", 400, UPLOAD_MESSAGES.notAnImage],
    ["an HTML file named .jpg", HTML, "photo.jpg", "image/jpeg", "", 400, UPLOAD_MESSAGES.notAnImage],
    ["an SVG", SVG, "logo.svg", "image/svg+xml", "", 400, UPLOAD_MESSAGES.notAnImage],
    ["an SVG asked for as a PDF", SVG, "logo.pdf", "application/pdf", "?type=pdf", 400, UPLOAD_MESSAGES.notAPdf],
    ["a GIF + HTML/JS polyglot", POLYGLOT, "cat.gif", "image/gif", "", 400, UPLOAD_MESSAGES.markup],
    ["a cut-off PNG", PNG.slice(0, 50), "cut.png", "image/png", "", 400, UPLOAD_MESSAGES.incomplete],
    ["an empty file", new Uint8Array(), "empty.png", "image/png", "", 400, UPLOAD_MESSAGES.emptyFile],
    [
      "an image 1 byte over 5 MB (inside the framing allowance)",
      bigPng(IMAGE_MAX_BYTES + 1),
      "big.png",
      "image/png",
      "",
      413,
      UPLOAD_MESSAGES.imageTooLarge,
    ],
  ])("%s is refused with a clear message and nothing is stored", async (_, bytes, name, type, query, status, message) => {
    const res = await upload(form(bytes, name, type), admin, query);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await store.list()).toEqual([]);
    expect(readdirSync(temporaryDirs.at(-1)!, { recursive: true })).toEqual([]); // not even a temporary file
  });

  test("an image of exactly 5 MB is accepted", async () => {
    expect((await upload(form(paddedPng(IMAGE_MAX_BYTES), "max.png", "image/png"), admin)).status).toBe(201);
  });

  test("a 6 MB image is refused with 413 at the body limit", async () => {
    const res = await upload(form(bigPng(6 * 1024 * 1024), "huge.png", "image/png"), admin);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The request body is too large");
    expect(await store.list()).toEqual([]);
  });

  test("an 11 MB PDF is refused with type=pdf; 6 MB PDFs fit the white-paper limit", async () => {
    const pdf = (size: number) => {
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(PDF.slice(0, 9));
      bytes.set(PDF.slice(-7), size - 7);
      return bytes;
    };
    expect((await upload(form(pdf(11 * 1024 * 1024), "big.pdf"), admin, "?type=pdf")).status).toBe(413);
    expect(await store.list()).toEqual([]);
    expect((await upload(form(pdf(6 * 1024 * 1024), "ok.pdf"), admin, "?type=pdf")).status).toBe(201);
  });

  test("a body with no length declared (chunked) is cut off at the limit while streaming: 413, not buffered", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await upload(body, admin, "", { "content-type": "multipart/form-data; boundary=x" });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(IMAGE_MAX_BYTES + 1024 * 1024); // stopped near the limit, not at 50 MB
    expect(await store.list()).toEqual([]);
  });

  test("over a real socket: a valid upload succeeds; an oversized one is refused with 413", async () => {
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(request, srv) {
        recordClientIp(request, srv.requestIP(request)?.address ?? "127.0.0.1");
        return app.handle(request);
      },
    });
    try {
      const send = (body: FormData) =>
        fetch(`http://127.0.0.1:${server.port}/api/upload`, {
          method: "POST",
          body,
          headers: { origin: SITE_ORIGIN, cookie: admin.header() },
        });
      const ok = await send(form(PNG, "a.png", "image/png"));
      expect(ok.status).toBe(201);
      const { url } = (await ok.json()) as { url: string };
      const served = await fetch(`http://127.0.0.1:${server.port}${url}`);
      expect(await sharp(await served.arrayBuffer()).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
      const big = await send(form(bigPng(6 * 1024 * 1024), "big.png", "image/png"));
      expect(big.status).toBe(413);
      expect(await store.list()).toEqual(keysOf(url));
    } finally {
      server.stop(true);
    }
  });

  test("a truncated multipart body is refused (400) and nothing is stored", async () => {
    const full = new Request("http://x/", { method: "POST", body: form(PNG, "a.png", "image/png") });
    const contentType = full.headers.get("content-type")!;
    const bytes = new Uint8Array(await full.arrayBuffer());
    const res = await upload(bytes.slice(0, bytes.length - 40), admin, "", { "content-type": contentType });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid multipart/form-data");
    expect(await store.list()).toEqual([]);
  });

  test("no file: an empty body, a form without `file`, or `file` as text — 400 naming the field", async () => {
    expect((await upload(null, admin)).body.message).toBe(UPLOAD_MESSAGES.noFile);
    const withoutFile = new FormData();
    withoutFile.append("other", new File([PNG], "a.png"));
    const res = await upload(withoutFile, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(UPLOAD_MESSAGES.noFile);
    const asText = new FormData();
    asText.append("file", "not a file");
    expect((await upload(asText, admin)).status).toBe(400);
    expect(await store.list()).toEqual([]);
  });

  test("JSON, form-encoded or unknown body types are refused (415); an unknown type= is a 400", async () => {
    expect((await call("/api/upload", { method: "POST", jar: admin, json: { file: "x" } })).status).toBe(415);
    expect((await upload("file=x", admin, "", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await upload(form(PNG, "a.png"), admin, "?type=exe")).status).toBe(400);
    expect(await store.list()).toEqual([]);
  });

  test("a cross-site upload is refused (403) even for an admin", async () => {
    expect((await upload(form(PNG, "a.png"), admin, "", { origin: "https://evil.example" })).status).toBe(403);
    expect(await store.list()).toEqual([]);
  });

  // One member cannot upload without end (decision 007: a limit per member).
  test("a member's uploads are limited: past the limit 429 with Retry-After, nothing stored; others are not held up", async () => {
    const busy = (await signedInClient(await createUser({ toolAccess: ["resources"] }))).jar;
    for (let i = 0; i < UPLOADS_PER_MEMBER; i++) expect((await upload(form(PNG, "a.png"), busy)).status).toBe(201);
    const before = await store.list();
    const refused = await upload(form(PNG, "a.png"), busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toBe(UPLOAD_MESSAGES.tooMany);
    // Refused before the body is read: an oversized body gets the same 429, not 413.
    expect((await upload(form(bigPng(IMAGE_MAX_BYTES + 100_000), "big.png"), busy)).status).toBe(429);
    expect(await store.list()).toEqual(before);
    expect((await upload(form(PNG, "a.png"), admin)).status).toBe(201);
  });

  // Parallel uploads are bounded — N at once, a short queue, 503 past it (decision 007, "Bounded and streamed").
  test("more parallel uploads than the cap and its queue: the rest get 503 with Retry-After, none 500, accepted ones intact", async () => {
    // Storage held shut until every request has been answered or is waiting: the cap, not timing, decides.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const inner = store;
    useStorage({
      ...inner,
      put: async (key, bytes, type) => {
        await gate;
        return inner.put(key, bytes, type);
      },
    });
    const total = UPLOAD_CONCURRENCY + UPLOAD_QUEUE + 4;
    const files = Array.from({ length: total }, () => paddedPng(1024 * 1024));
    let settled = 0;
    const answers = files.map((bytes) =>
      upload(form(bytes, "big.png"), admin).finally(() => {
        settled++;
      }),
    );
    const deadline = Date.now() + 10_000;
    while (settled < total - UPLOAD_CONCURRENCY - UPLOAD_QUEUE && Date.now() < deadline) await Bun.sleep(10);
    open();
    const results = await Promise.all(answers);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 503).length).toBe(total - UPLOAD_CONCURRENCY - UPLOAD_QUEUE);
    expect(statuses.filter((s) => s === 201).length).toBe(UPLOAD_CONCURRENCY + UPLOAD_QUEUE);
    for (const r of results.filter((r) => r.status === 503)) expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    const accepted = results.filter((r) => r.status === 201);
    for (const r of accepted) {
      const served = await fetchFile(r.body.url);
      expect(await sharp(await served.arrayBuffer()).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    }
    expect(new Set(accepted.map((r) => r.body.url)).size).toBe(accepted.length);
    // The slots are given back: the next upload goes through at once.
    expect((await upload(form(PNG, "a.png"), admin)).status).toBe(201);
  });

  test("the typed client (Eden) sends the file as multipart", async () => {
    const { createSession, SESSION_COOKIE } = await import("../auth/sessions");
    const user = await createUser({ role: "ADMIN" });
    const { token } = await createSession(user.id);
    const api = treaty(app, { headers: { origin: SITE_ORIGIN, cookie: `${SESSION_COOKIE}=${token}` } }).api;
    const res = await api.upload.post({ file: new File([PNG], "a.png", { type: "image/png" }) });
    expect(res.status).toBe(201);
    expect(res.data?.url).toMatch(new RegExp(UPLOADED_IMAGE_URL_PATTERN));
  });
});

// ---- Receiving a body as it streams in ------------------------------------------------------------------------------
describe("the multipart reader", () => {
  /** A browser-made multipart body, fed in chunks of `size` bytes. */
  async function chunked(data: FormData, size: number) {
    const response = new Response(data);
    const contentType = response.headers.get("content-type")!; // before the body is read: Bun drops it after
    const bytes = new Uint8Array(await response.arrayBuffer());
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    });
    return { body, boundary: boundaryOf(contentType)!, length: bytes.length };
  }
  const collect = () => {
    const parts: Uint8Array[] = [];
    return { parts, sink: () => ({ write: (chunk: Uint8Array) => void parts.push(Buffer.from(chunk)), end: () => {} }) };
  };

  test("finds the file and the text fields however the body is cut into chunks", async () => {
    const bytes = bigPng(100_000);
    // Around the delimiter's length (62 bytes for these boundaries) too: a delimiter split at every possible point.
    for (const size of [1, 7, 61, 62, 63, 69, 100, 4096, 1 << 20]) {
      const data = new FormData();
      data.append("note", "héllo");
      data.append("file", new File([bytes], "a.png", { type: "image/png" }));
      const { body, boundary, length } = await chunked(data, size);
      const { parts, sink } = collect();
      const form = await receiveMultipart(body, boundary, length, "file", sink);
      expect(form.fields).toEqual({ note: "héllo" });
      expect(form.file).toEqual({ name: "a.png", type: "image/png", size: bytes.length });
      expect(new Uint8Array(Buffer.concat(parts))).toEqual(bytes);
    }
  });

  test("over the limit is a 413, cut off is a 400, two files under one name is a 400", async () => {
    const one = new FormData();
    one.append("file", new File([PNG], "a.png"));
    const over = await chunked(one, 64);
    await expect(receiveMultipart(over.body, over.boundary, over.length - 1, "file", collect().sink)).rejects.toMatchObject({
      status: 413,
    });
    const whole = await chunked(one, 1 << 20);
    const cut = new ReadableStream<Uint8Array>({
      async start(controller) {
        const reader = whole.body.getReader();
        const { value } = await reader.read();
        controller.enqueue(value!.slice(0, value!.length - 10));
        controller.close();
      },
    });
    await expect(receiveMultipart(cut, whole.boundary, whole.length, "file", collect().sink)).rejects.toMatchObject({
      status: 400,
    });
    const two = new FormData();
    two.append("file", new File([PNG], "a.png"));
    two.append("file", new File([GIF], "b.gif"));
    const twice = await chunked(two, 1 << 20);
    await expect(receiveMultipart(twice.body, twice.boundary, twice.length, "file", collect().sink)).rejects.toMatchObject({
      status: 400,
    });
  });

  /** A multipart body whose file part starts with `head` and then stalls; `close()` ends it (cut off). */
  function stallingUpload(head: Uint8Array, query = "") {
    const boundary = "stalling-upload";
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(new Uint8Array([...Buffer.from(start), ...head]));
      },
      cancel() {
        cancelled = true;
      },
    });
    const answer = upload(body, admin, query, { "content-type": `multipart/form-data; boundary=${boundary}` });
    return { answer, close: () => controller.close(), cancelled: () => cancelled };
  }
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, Bun.sleep(ms).then(() => "still waiting" as const)]);
  const spooled = () => readdirSync(resolve(env.STORAGE_DIR, ".incoming"));
  /**
   * The spool as it is once its requests are done: a spool file goes after the response is out (onAfterResponse), so
   * it is waited for with a deadline, not a fixed sleep that a loaded machine overruns.
   */
  async function spoolOnceSettled() {
    for (let waited = 0; spooled().length > 0 && waited < 10_000; waited += 20) await Bun.sleep(20);
    return spooled();
  }

  test("the type is decided from the first bytes: a non-image that then stalls is refused at once, nothing spooled", async () => {
    const html = new TextEncoder().encode("<!doctype html><html><body>".padEnd(1024, "x"));
    for (const [head, query, message] of [
      [html, "", UPLOAD_MESSAGES.notAnImage],
      [PNG, "?type=pdf", UPLOAD_MESSAGES.notAPdf],
    ] as const) {
      const stalled = stallingUpload(head, query);
      const res = await within(stalled.answer, 2000);
      if (res === "still waiting") throw new Error("the upload was not refused before the rest of its body");
      expect(res.status).toBe(400); // the status and message storeUpload gives for a whole file
      expect(res.body.message).toBe(message);
      expect(stalled.cancelled()).toBe(true); // reading stopped
      expect(spooled()).toEqual([]);
    }
    expect(await store.list()).toEqual([]);
  }, 10_000);

  test("an image's first bytes pass: its body is waited for, then judged whole", async () => {
    const stalled = stallingUpload(PNG.slice(0, 40));
    expect(await within(stalled.answer, 300)).toBe("still waiting");
    stalled.close(); // the rest never comes: cut off before the closing boundary
    const res = await stalled.answer;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid multipart/form-data");
    expect(await spoolOnceSettled()).toEqual([]);
  });

  test("no spool file outlives its request, whether the upload was stored or refused", async () => {
    expect((await upload(form(PNG, "a.png"), admin)).status).toBe(201);
    expect((await upload(form(HTML, "a.png"), admin)).status).toBe(400);
    expect((await upload(form(PNG, "a.png"), admin, "?type=nope")).status).toBe(400);
    expect(await spoolOnceSettled()).toEqual([]);
  });
});

// ---- GET /api/files/:name ----------------------------------------------------------------------------------------
describe("GET /api/files/:name", () => {
  test("serves the bytes with the type, nosniff, a sandbox CSP, immutable caching and an inline disposition", async () => {
    const { body } = await upload(form(PNG, "a.png", "image/png"), admin);
    const stored = await store.get(`public/${body.url.split("/").pop()}`);
    const storedBytes = new Uint8Array(await new Response(stored!.body).arrayBuffer());
    const res = await fetchFile(body.url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(storedBytes);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${body.url.split("/").pop()}"`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("content-length")).toBe(String(storedBytes.length));
  });

  test("PDFs are served as downloads (attachment), typed application/pdf", async () => {
    const { body } = await upload(form(PDF, "p.pdf"), admin, "?type=pdf");
    const res = await fetchFile(body.url);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
  });

  test("unknown, malformed and traversal names are 404 before storage is asked", async () => {
    await store.put("private/0123456789abcdef0123456789abcdef.pdf", PDF, "application/pdf");
    for (const path of [
      "/api/files/0123456789abcdef0123456789abcdef.png", // well-formed, not stored
      "/api/files/0123456789abcdef0123456789abcdef.pdf", // private: not served as a public file
      "/api/files/..%2F..%2Fpackage.json",
      "/api/files/..%2Fprivate%2F0123456789abcdef0123456789abcdef.pdf",
      "/api/files/%2Fetc%2Fpasswd",
      "/api/files/index.html",
      "/api/files/0123456789ABCDEF0123456789ABCDEF.png",
      "/api/files/0123456789abcdef0123456789abcdef.svg",
      "/api/files/0123456789abcdef0123456789abcdef_640x480-480w.avif", // a copy's name, never stored
      "/api/files/0123456789abcdef0123456789abcdef_640x480-480w.png", // copies are AVIF or WebP only
      "/api/files/0123456789abcdef0123456789abcdef_0x480.jpg",
      "/api/files/private/0123456789abcdef0123456789abcdef.pdf", // a private file without a signature
    ]) {
      const res = await fetchFile(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});

// ---- Signed links (premium files, decision 009) ------------------------------------------------------------------
describe("storage.signedUrl", () => {
  const key = "private/fedcba9876543210fedcba9876543210.pdf";

  test("a local signed link opens a private file until it expires; a tampered or stale one is a 404", async () => {
    await store.put(key, PDF, "application/pdf");
    const url = await storage().signedUrl(key, 60);
    expect(url).toStartWith(`/api/files/${key}?expires=`);
    const ok = await fetchFile(url);
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PDF);
    expect(ok.headers.get("cache-control")).toBe("private, no-store");

    const tampered = url.replace(/signature=./, (m) => (m.endsWith("A") ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`));
    expect((await fetchFile(tampered)).status).toBe(404);
    const otherFile = url.replace("fedcba98", "fedcba99");
    expect((await fetchFile(otherFile)).status).toBe(404);
    const stale = signLocalLink(key, 60, undefined, Date.now() - 61_000);
    expect((await fetchFile(stale)).status).toBe(404);
  });

  test("verifyLocalLink checks key, expiry and signature; ttl is bounded", async () => {
    const url = new URL(signLocalLink(key, 30, "s".repeat(32), 1_000_000), BASE_URL);
    const [expires, signature] = [url.searchParams.get("expires")!, url.searchParams.get("signature")!];
    expect(verifyLocalLink(key, expires, signature, "s".repeat(32), 1_000_000)).toBe(true);
    expect(verifyLocalLink(key, expires, signature, "s".repeat(32), 1_031_000)).toBe(false); // expired
    expect(verifyLocalLink(key, expires, signature, "t".repeat(32), 1_000_000)).toBe(false); // other secret
    expect(verifyLocalLink(key, String(Number(expires) + 1), signature, "s".repeat(32), 1_000_000)).toBe(false);
    await expect(storage().signedUrl(key, 0)).rejects.toThrow();
    await expect(storage().signedUrl(key, 8 * 24 * 3600)).rejects.toThrow();
    await expect(storage().signedUrl("../etc/passwd", 60)).rejects.toThrow();
  });

  test("the local directory writes whole files only and deletes idempotently", async () => {
    await store.put(key, PDF, "application/pdf");
    expect(await store.list("private/")).toEqual([key]);
    const dir = temporaryDirs.at(-1)!;
    expect(readdirSync(join(dir, "private"))).toEqual([key.split("/")[1]!]); // no temporary file left behind
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });
});

describe("local directory: durable writes", () => {
  test("a put whose source fails mid-write leaves no file under the key and no temporary file", async () => {
    const key = "private/0a1b2c3d4e5f60718293a4b5c6d7e8f9.pdf";
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ < 3) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        else controller.error(new Error("the upload's source broke"));
      },
    });
    await expect(store.put(key, failing, "application/pdf")).rejects.toThrow("the upload's source broke");
    expect(await store.get(key)).toBeNull();
    expect(readdirSync(join(temporaryDirs.at(-1)!, "private"))).toEqual([]);
  });

  test("list() skips the temporary file a crash mid-write leaves behind", async () => {
    const key = "public/0a1b2c3d4e5f60718293a4b5c6d7e8f9.png";
    await store.put(key, PNG, "image/png");
    const dir = join(temporaryDirs.at(-1)!, "public");
    writeFileSync(join(dir, ".0a1b2c3d4e5f60718293a4b5c6d7e8f9.gif.tmp-0123456789ab"), GIF.slice(0, 10));
    expect(await store.list()).toEqual([key]);
  });
});

// ---- S3 mode ------------------------------------------------------------------------------------------------------
describe("S3-compatible bucket (s3rver)", () => {
  let server: S3rver;
  let bucket: Storage;
  let s3Dir: string;
  const BUCKET = "uploads-test";

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), "s3rver-"));
    temporaryDirs.push(s3Dir);
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await server.run()) as unknown as { port: number };
    bucket = s3Storage({
      bucket: BUCKET,
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
  afterAll(() => useStorage(undefined));

  test("an upload lands in the bucket and is served from it with the same headers", async () => {
    const before = await bucket.list();
    const res = await upload(form(WEBP, "pic.webp", "image/webp"), admin);
    expect(res.status).toBe(201);
    const name = res.body.url.split("/").pop();
    expect(await bucket.list()).toEqual([...before, ...keysOf(res.body.url)].sort());
    expect(name).toMatch(/_1x1\.webp$/);
    const served = await fetchFile(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await sharp(await served.arrayBuffer()).metadata()).toMatchObject({ format: "webp", width: 1, height: 1 });
  });

  test("refused uploads leave the bucket unchanged", async () => {
    const before = await bucket.list();
    for (const [bytes, name, query] of [
      [PNG, "a.pdf", "?type=pdf"],
      [PDF, "a.png", ""],
      [HTML, "a.jpg", ""],
      [SVG, "a.svg", ""],
      [POLYGLOT, "a.gif", ""],
    ] as const) {
      expect((await upload(form(bytes, name), admin, query)).status).toBe(400);
    }
    expect((await upload(form(bigPng(6 * 1024 * 1024), "big.png"), admin)).status).toBe(413);
    expect((await upload(form(PNG, "a.png"), member)).status).toBe(403);
    expect(await bucket.list()).toEqual(before);
  });

  test("signedUrl is a presigned link that opens the private object; get/delete work; missing is null", async () => {
    const key = "private/00112233445566778899aabbccddeeff.pdf";
    await bucket.put(key, PDF, "application/pdf");
    const url = await bucket.signedUrl(key, 60);
    expect(url).toContain("X-Amz-Signature=");
    expect(url).toContain("X-Amz-Expires=60");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    const file = await bucket.get(key);
    expect(file?.contentType).toBe("application/pdf");
    expect(file?.size).toBe(PDF.length);
    await file?.body.cancel();
    await bucket.delete(key);
    await bucket.delete(key);
    expect(await bucket.get(key)).toBeNull();
    expect((await fetchFile(`/api/files/${key.split("/")[1]}`)).status).toBe(404);
  });

  test("put takes a stream (a file moved between keys) and a Blob (a spooled upload)", async () => {
    const fromStream = "private/00112233445566778899aabbccddee01.pdf";
    const fromBlob = "private/00112233445566778899aabbccddee02.png";
    await bucket.put(fromStream, new Blob([PDF]).stream(), "application/pdf");
    await bucket.put(fromBlob, new Blob([PNG]), "image/png");
    for (const [key, bytes] of [
      [fromStream, PDF],
      [fromBlob, PNG],
    ] as const) {
      const file = await bucket.get(key);
      expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(bytes);
      await bucket.delete(key);
    }
  });

  test("a presigned download link names the file (Content-Disposition)", async () => {
    const key = "private/00112233445566778899aabbccddeef0.pdf";
    await bucket.put(key, PDF, "application/pdf");
    const url = await bucket.signedUrl(key, 60, 'Guía; "Q1".pdf');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Guia_ Q1 .pdf"; filename*=UTF-8''Gu%C3%ADa%3B%20Q1%20.pdf`,
    );
    await res.arrayBuffer();
    // (s3rver does not check presigned signatures, so a tampered link cannot be shown refused here; SigV4 signs
    // every query parameter, response-content-disposition included.)
    await bucket.delete(key);
  });
});

// ---- What admin forms may store ----------------------------------------------------------------------------------
describe("uploaded URLs in the challenge contract", () => {
  test("imageUrl accepts an uploaded image's URL and http(s) URLs; not PDFs, other paths or other schemes", async () => {
    const { Value } = await import("@sinclair/typebox/value");
    const { ChallengeInputSchema } = await import("../challenges/schema");
    const valid = { title: "T", description: "D", startDate: "2027-01-01T00:00:00.000Z" };
    const accepts = (imageUrl: string) => Value.Check(ChallengeInputSchema, { ...valid, imageUrl });
    const { body } = await upload(form(PNG, "a.png", "image/png"), admin);
    expect(accepts(body.url)).toBe(true);
    expect(accepts("/api/files/0123456789abcdef0123456789abcdef.png")).toBe(true); // uploaded before processing
    expect(accepts("https://img.example/r.png")).toBe(true);
    for (const url of [
      "/api/files/0123456789abcdef0123456789abcdef.pdf",
      "/api/files/0123456789abcdef0123456789abcdef_640x480-480w.webp", // a processed image's copy, not the image
      "/api/files/../../etc/passwd",
      "/uploads/x.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
    ]) {
      expect({ url, ok: accepts(url) }).toEqual({ url, ok: false });
    }
  });
});
