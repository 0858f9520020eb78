// Uploaded images through sharp (docs/decisions/016): what an admin's photo becomes — upright, no EXIF/GPS, sized name,
// AVIF and WebP copies at page widths, nothing upscaled — and what is refused with nothing stored.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import S3rver from "s3rver";
import sharp from "sharp";
import { BASE_URL, raw, signedInClient, type Client } from "../../../test/client";
import { createUser } from "../../../test/factories";
import { localStorage, s3Storage, useStorage, type Storage } from "../../lib/storage";
import { deleteFileIfUnused } from "./references";
import { IMAGE_STORED_MAX_SIDE, processedImageOf, UPLOAD_MESSAGES } from "./schema";
import { uploadLimits } from "./service";
import { expectFaultLogged } from "../../../test/logs";

let dir: string;
let store: Storage;
const dirs: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "images-test-"));
  dirs.push(dir);
  store = localStorage(dir);
  useStorage(store);
});
afterAll(() => {
  useStorage(undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

let admin: Client;
let adminId: string;
beforeAll(async () => {
  const user = await createUser({ role: "ADMIN" });
  adminId = user.id;
  admin = await signedInClient(user);
});
beforeEach(() => uploadLimits.perMember.reset(adminId));

const upload = async (bytes: Uint8Array, name = "photo.jpg") => {
  const res = await admin.api.upload.post({ file: new File([bytes as Uint8Array<ArrayBuffer>], name) });
  return { status: res.status, url: res.data?.url ?? "", message: (res.error?.value as { message?: string })?.message };
};
const stored = async (name: string) => {
  const file = await store.get(`public/${name}`);
  return file ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
};
const nameOf = (url: string) => url.split("/").pop()!;

/**
 * A camera-like JPEG: `width`×`height` pixels as the sensor wrote them, EXIF with the camera and a GPS position, and
 * an orientation tag saying it is shown turned a quarter (6): upright it is `height` wide.
 */
function cameraJpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7bd5" } })
    .composite([{ input: { create: { width: 40, height: 40, channels: 3, background: "#ff0000" } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "LeakyCam", Model: "Tell-All 9", Artist: "Ada Admin" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2637/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
      },
    })
    .toBuffer();
}

describe("a processed photo", () => {
  test("is stored upright without EXIF (no GPS, no camera), named with its true size, with AVIF and WebP copies", async () => {
    const input = await cameraJpeg(2000, 1200);
    expect(Buffer.from(input).includes("LeakyCam")).toBe(true); // the test photo does carry them
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const res = await upload(new Uint8Array(input));
    expect(res.status).toBe(201);
    const name = nameOf(res.url);
    expect(name).toMatch(/^[0-9a-f]{32}_1200x2000\.jpg$/); // turned upright: 1200 wide, 2000 high

    const image = (await stored(name))!;
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 2000 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const leak of ["Exif\0", "LeakyCam", "Tell-All", "Ada Admin"]) expect(Buffer.from(image).includes(leak)).toBe(false);
    // The red corner was top-left as shot; turned a quarter clockwise it is top-right.
    const { data } = await sharp(image)
      .extract({ left: 1180, top: 5, width: 10, height: 10 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);

    // Copies at the page widths below the photo's own, and its own (1200 < 1600): nothing upscaled.
    const variants = processedImageOf(name)!.variants;
    expect(variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
      "1200.avif",
      "1200.webp",
    ]);
    expect((await store.list()).sort()).toEqual([name, ...variants.map((v) => v.name)].map((n) => `public/${n}`).sort());
    for (const variant of variants) {
      const copy = (await stored(variant.name))!;
      const info = await sharp(copy).metadata();
      expect({
        name: variant.name,
        format: info.format,
        compression: info.compression,
        width: info.width,
        height: info.height,
      }).toEqual({
        name: variant.name,
        format: variant.format === "avif" ? "heif" : "webp",
        compression: variant.format === "avif" ? "av1" : undefined,
        width: variant.width,
        height: Math.round((2000 * variant.width) / 1200),
      });
      expect(info.exif).toBeUndefined();
      // Served like the image, with its own type.
      const served = await raw(new Request(`${BASE_URL}/api/files/${variant.name}`));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(`image/${variant.format}`);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(copy);
    }
  });

  test("a photo larger than any page shows is stored at the cap; a small one keeps its size with one copy of each", async () => {
    const big = await upload(
      new Uint8Array(
        await sharp({ create: { width: 3200, height: 1000, channels: 3, background: "#888" } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const bigName = nameOf(big.url);
    expect(bigName).toEndWith(`_${IMAGE_STORED_MAX_SIDE}x800.jpg`);
    expect(processedImageOf(bigName)!.variants.map((v) => v.width)).toEqual([480, 480, 960, 960, 1600, 1600]);
    expect(await sharp((await stored(bigName))!).metadata()).toMatchObject({ width: IMAGE_STORED_MAX_SIDE, height: 800 });

    const small = await upload(
      new Uint8Array(
        await sharp({ create: { width: 300, height: 200, channels: 4, background: "#0f08" } })
          .png()
          .toBuffer(),
      ),
      "logo.png",
    );
    const smallName = nameOf(small.url);
    expect(smallName).toEndWith("_300x200.png");
    const copies = processedImageOf(smallName)!.variants;
    expect(copies.map((v) => v.width)).toEqual([300, 300]);
    for (const copy of copies) {
      expect(await sharp((await stored(copy.name))!).metadata()).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    }
  });

  test("an animated GIF is kept as uploaded (frames and all); an animated WebP keeps its frames; neither gets copies", async () => {
    const frames = await Promise.all(
      ["#f00", "#0f0", "#00f"].map((c) =>
        sharp({ create: { width: 40, height: 30, channels: 4, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = new Uint8Array(
      await sharp(frames, { join: { animated: true } })
        .gif({ loop: 0 })
        .toBuffer(),
    );
    const gifRes = await upload(gif, "anim.gif");
    expect(gifRes.status).toBe(201);
    expect(nameOf(gifRes.url)).toMatch(/^[0-9a-f]{32}\.gif$/);
    expect(await stored(nameOf(gifRes.url))).toEqual(gif);

    const webp = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    const webpRes = await upload(new Uint8Array(webp), "anim.webp");
    expect(nameOf(webpRes.url)).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await sharp((await stored(nameOf(webpRes.url)))!).metadata()).toMatchObject({ pages: 3, width: 40 });
    expect((await store.list()).length).toBe(2);
  });
});

/** A PNG that says 10 000 × 10 000 black-and-white pixels (100 MP, 400 MB once decoded) in a file of about 12 KB. */
function pixelBomb() {
  const side = 10_000;
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...Buffer.from(type), ...data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.set(body, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1, greyscale
  const rows = deflateSync(Buffer.alloc(side * (1 + side / 8)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", rows),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}

describe("refused images: 400, nothing stored", () => {
  test("a decompression bomb (a small file claiming 100 megapixels) is refused before it is decoded", async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(20_000);
    const started = performance.now();
    const res = await upload(bomb, "tiny.png");
    expect(res.status).toBe(400);
    expect(res.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(2000); // the header decided, not 400 MB of pixels
    expect(await store.list()).toEqual([]);
    expect(readdirSync(dir, { recursive: true })).toEqual([]);
  });

  test("an image whose format markers are right but whose pixels do not decode is damaged", async () => {
    // A JPEG's start and end markers around filler: passes the byte checks, fails decoding.
    const fake = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...Buffer.from("JFIF\0"),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      ...new Array(64).fill(0x11),
      0xff,
      0xd9,
    ]);
    const res = await upload(fake);
    expect(res.status).toBe(400);
    expect(res.message).toBe(UPLOAD_MESSAGES.incomplete);
    expect(await store.list()).toEqual([]);
  });

  test("when storage fails part-way, the copies already written are removed: nothing is left that no record names", async () => {
    const inner = store;
    useStorage({
      ...inner,
      put: async (key, bytes, type) => {
        if (/_\d+x\d+\.jpg$/.test(key)) throw new Error("bucket unavailable"); // the image itself, written last
        return inner.put(key, bytes, type);
      },
    });
    const res = await expectFaultLogged(/bucket unavailable/, async () => upload(new Uint8Array(await cameraJpeg(600, 400))));
    expect(res.status).toBe(500);
    expect(await inner.list()).toEqual([]);
  });
});

describe("deleting a processed image in an S3-compatible bucket (s3rver)", () => {
  let server: S3rver;
  let bucket: Storage;
  const s3Dir = mkdtempSync(join(tmpdir(), "images-s3rver-"));
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "images", configs: [] }],
    });
    const { port } = (await server.run()) as unknown as { port: number };
    bucket = s3Storage({
      bucket: "images",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  test("the clean-up job takes the image and every copy out of the bucket", async () => {
    useStorage(bucket);
    const res = await upload(new Uint8Array(await cameraJpeg(1000, 700)));
    const name = nameOf(res.url);
    expect((await bucket.list()).length).toBe(1 + processedImageOf(name)!.variants.length);
    await deleteFileIfUnused({ name, key: `public/${name}` }); // no record names it
    expect(await bucket.list()).toEqual([]);
  });
});
