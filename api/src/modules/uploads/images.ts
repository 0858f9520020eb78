// Uploaded images through sharp (docs/decisions/016) — the one file that imports it. A still JPEG, PNG or WebP is
// decoded once, turned upright, capped at IMAGE_STORED_MAX_SIDE and re-encoded without its metadata (EXIF with its GPS
// position, XMP, ICC — colours are converted to sRGB first), with AVIF and WebP copies at the widths pages show it at.
// A GIF is stored as uploaded (its animation intact) and an animated WebP re-encoded as one; both keep a plain name,
// without copies. Everything is checked against the header before any pixel is decoded.
import type { Sharp } from "sharp";
import { AppError } from "../../lib/errors";
import {
  CONTENT_TYPES,
  IMAGE_MAX_PIXELS,
  IMAGE_STORED_MAX_SIDE,
  UPLOAD_MESSAGES,
  processedImageOf,
  type ImageVariantFormat,
  type UploadedExtension,
} from "./schema";

type SharpLibrary = typeof import("sharp").default;
let library: Promise<SharpLibrary> | undefined;
/**
 * sharp, loaded with the first image: libvips and its dependencies keep ~13 MB resident from the moment they are
 * imported, which a server that never receives an upload need not carry (decision 003, "Loaded when used").
 */
const loadSharp = () =>
  (library ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels for reuse; every upload is new, so that memory would only grow.
    sharp.cache(false);
    return sharp;
  }));

/** What storeUpload writes: each file's name, bytes (null: the upload as it is) and type; the record's name last. */
export type ImageFile = { name: string; bytes: Uint8Array | null; contentType: string };

// Settings measured on a 24 MP photo (decision 016): about 2 s of one core in all. AVIF at effort 0 costs what WebP
// at effort 4 does and is still the smaller; each step up in effort cost 2–4× the time for 1–8 % fewer bytes.
const STORED_QUALITY = { jpg: 82, webp: 82 } as const;
const VARIANT_ENCODING = {
  avif: { quality: 50, effort: 0, chromaSubsampling: "4:2:0" },
  webp: { quality: 75, effort: 4 },
} as const;

/**
 * How every upload is decoded. `failOn: "error"`: a camera's harmless quirks (extra bytes before a marker) pass,
 * broken data does not. The pixel limit is checked again by libvips itself, in case a header lied.
 */
const DECODE = { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS } as const;

const damaged = () => new AppError("invalid_data", UPLOAD_MESSAGES.incomplete);
const tooManyPixels = () => new AppError("invalid_data", UPLOAD_MESSAGES.tooManyPixels);

/** Runs a sharp step; anything it cannot decode is the uploader's damaged file (400), not our failure. */
async function decoding<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw damaged();
  }
}

/**
 * The files to store for an uploaded image `input` of the detected `format`, under names made from `stem` (the
 * random 32 hex digits). Refuses (400) an image that does not decode, or whose header claims more than
 * IMAGE_MAX_PIXELS — before decoding it, so a small file cannot make the server allocate gigabytes. (No limit per
 * side is needed: stills are stored at most IMAGE_STORED_MAX_SIDE wide, and WebP's own format caps a WebP's sides.)
 * The copies come first and the image itself last: a write cut short never leaves an image whose copies are missing.
 */
export async function processImage(
  input: Uint8Array,
  format: Exclude<UploadedExtension, "pdf">,
  stem: string,
): Promise<ImageFile[]> {
  const sharp = await loadSharp();
  const header = await decoding(() => sharp(input, DECODE).metadata());
  const frames = header.pages ?? 1;
  const frameHeight = header.pageHeight ?? header.height;
  if (header.width * frameHeight * frames > IMAGE_MAX_PIXELS) throw tooManyPixels();
  // Kept as uploaded: re-encoding an animation's palette frames would cost quality and CPU, and GIF carries no EXIF.
  if (format === "gif") return [{ name: `${stem}.gif`, bytes: null, contentType: CONTENT_TYPES.gif }];
  if (frames > 1) {
    const animation = await decoding(() =>
      sharp(input, { ...DECODE, animated: true })
        .webp({ quality: STORED_QUALITY.webp, effort: 4 })
        .toBuffer(),
    );
    return [{ name: `${stem}.webp`, bytes: animation, contentType: CONTENT_TYPES.webp }];
  }

  // Decoded once, upright (the EXIF orientation applied, since the tag goes with the metadata), sRGB, 8 bits, at
  // most IMAGE_STORED_MAX_SIDE: every output below starts from these pixels (a JPEG shrinks while it decodes).
  const { data, info } = await decoding(() =>
    sharp(input, { ...DECODE, autoOrient: true })
      .resize({ width: IMAGE_STORED_MAX_SIDE, height: IMAGE_STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true }),
  );
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const name = `${stem}_${info.width}x${info.height}.${format}`;

  const files: ImageFile[] = [];
  for (const variant of processedImageOf(name)!.variants) {
    const resized = variant.width === info.width ? pixels() : pixels().resize({ width: variant.width });
    files.push({
      name: variant.name,
      bytes: await encodeVariant(resized, variant.format),
      contentType: CONTENT_TYPES[variant.format],
    });
  }
  const stored =
    format === "jpg"
      ? pixels().jpeg({ quality: STORED_QUALITY.jpg })
      : format === "png"
        ? pixels().png()
        : pixels().webp({ quality: STORED_QUALITY.webp });
  files.push({ name, bytes: await stored.toBuffer(), contentType: CONTENT_TYPES[format] });
  return files;
}

const encodeVariant = (image: Sharp, format: ImageVariantFormat) =>
  (format === "avif" ? image.avif(VARIANT_ENCODING.avif) : image.webp(VARIANT_ENCODING.webp)).toBuffer();
