// Product mock-ups mirrored at sync (decision 016). Printify's mock-ups live on its image host
// (images-api.printify.com), which the CSP's `img-src 'self' data:` does not allow and which a visitor's browser should
// never be sent to. So the sync fetches each image once, server-side — only from PRINTIFY_IMAGE_ORIGINS, bounded in
// size and time, its type read from the bytes (never the Content-Type header) — and stores it through the upload
// pipeline (uploads/service.ts storeUpload: markup refused, re-encoded without metadata, AVIF/WebP copies named by
// size; decision 016), so pages serve it from /api/files with srcset, width and height.
//
// An image whose Printify URL (`source`) did not change keeps its copy and is not fetched again. One that cannot be
// fetched keeps the previous copy of its place (same position and variants) and is counted, so the sync summary says
// so; without a previous copy it is left out until a later sync fetches it.
import { env } from "../../env";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { storeUpload } from "../uploads/service";
import { IMAGE_MAX_BYTES, UPLOADED_FILES_PATH } from "../uploads/schema";
import type { MerchandiseImage } from "./catalogue";

/** No complete answer within this: the image counts as unreachable for this sync. */
const FETCH_TIMEOUT_MS = 15_000;
/** A CDN may redirect once or twice; each hop must stay on an allowed origin. */
const MAX_REDIRECTS = 3;

const allowedOrigins = () => new Set(env.PRINTIFY_IMAGE_ORIGINS.split(",").map((o) => new URL(o).origin));

/** Our stored copy (an upload's URL): what a mirrored image's `src` is. */
const isStoredCopy = (src: string) => src.startsWith(UPLOADED_FILES_PATH);
/**
 * A provider URL to mirror. Anything else is kept as it is: the demo catalogue's images (/merch/demo/…, synced from the
 * built-in demo shop without a token) are files of our own site already, served under the CSP's 'self' — there is
 * nothing to fetch, and they are neither mirrored nor counted as failed in the sync summary.
 */
const isRemote = (src: string) => /^https?:\/\//i.test(src);

/** The image's place in the gallery: a changed URL for the same place replaces that place's copy. */
const placeOf = (i: Pick<MerchandiseImage, "position" | "variant_ids">) =>
  `${i.position}:${[...i.variant_ids].sort((a, b) => a - b).join(",")}`;

class MirrorError extends Error {}

/** The body, read up to `max` bytes (a longer one is refused while it streams, never buffered whole). */
async function boundedBytes(response: Response, max: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw new MirrorError(`larger than ${max} bytes`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new MirrorError(`larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** One image's bytes from an allowed origin, following a few redirects that stay on one. */
async function fetchImage(source: string, fetchImpl: typeof fetch): Promise<Uint8Array> {
  const origins = allowedOrigins();
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let url = new URL(source);
  for (let hop = 0; ; hop++) {
    if (!origins.has(url.origin)) throw new MirrorError(`${url.origin} is not in PRINTIFY_IMAGE_ORIGINS`);
    const response = await fetchImpl(url, { redirect: "manual", signal, headers: { Accept: "image/*" } });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new MirrorError(`HTTP ${response.status}`);
    }
    return boundedBytes(response, IMAGE_MAX_BYTES);
  }
}

/** Fetches and stores one mock-up; answers our copy's URL. */
async function mirrorOne(source: string, fetchImpl: typeof fetch): Promise<string> {
  const bytes = await fetchImage(source, fetchImpl);
  // storeUpload judges the bytes as it judges an upload: type from the magic number, complete, no markup, decodes.
  const { url } = await storeUpload(new Blob([bytes as Uint8Array<ArrayBuffer>]), "image");
  return url;
}

export type MirroredImages = {
  images: MerchandiseImage[];
  /** The product's main picture, as stored (null when none could be shown). */
  imageUrl: string | null;
  /** Images that could not be fetched this time. */
  failed: number;
  /** Our copies the product no longer shows: released with the save (uploads/references.ts releaseFiles). */
  dropped: string[];
};

/**
 * The product's images with our copies in place of Printify's URLs. `fresh` is toMerchandise's list (Printify URLs)
 * and `fresh` imageUrl its main picture; `previous` the stored list (null for a new product).
 */
export async function mirrorImages(
  fresh: { images: MerchandiseImage[]; imageUrl: string | null },
  previous: MerchandiseImage[] | null,
  fetchImpl: typeof fetch = fetch,
): Promise<MirroredImages> {
  const stored = (previous ?? []).filter((i) => isStoredCopy(i.src));
  const bySource = new Map(stored.filter((i) => i.source).map((i) => [i.source!, i]));
  const kept = new Set<string>();
  const images: MerchandiseImage[] = [];
  let failed = 0;
  let imageUrl: string | null = null;
  for (const image of fresh.images) {
    if (!isRemote(image.src)) {
      images.push(image);
      if (image.src === fresh.imageUrl) imageUrl = image.src;
      continue;
    }
    const source = image.src;
    let src = bySource.get(source)?.src ?? null;
    if (!src) {
      try {
        src = await mirrorOne(source, fetchImpl);
      } catch (e) {
        failed++;
        const reason = e instanceof MirrorError || e instanceof AppError ? e.message : String(e);
        log.warn("printify image not mirrored", { source, reason });
        // The previous copy of the same place stays until a fetch succeeds (its `source` is the old URL, so the next
        // sync tries the new one again).
        const before = stored.find((i) => placeOf(i) === placeOf(image) && !kept.has(i.src));
        if (before) {
          kept.add(before.src);
          images.push({ ...image, src: before.src, source: before.source });
          if (source === fresh.imageUrl) imageUrl = before.src;
        }
        continue;
      }
    }
    kept.add(src);
    images.push({ ...image, src, source });
    if (source === fresh.imageUrl) imageUrl = src;
  }
  return {
    images,
    imageUrl: imageUrl ?? images[0]?.src ?? null,
    failed,
    dropped: stored.map((i) => i.src).filter((src) => !kept.has(src)),
  };
}
