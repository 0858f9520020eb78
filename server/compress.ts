// Content-Encoding for the Bun front (server/front.ts); Bun.serve compresses nothing on its own. Built files come
// precompressed from the build (site/adapter/precompress.mjs) and only need choosing; what is made per request —
// rendered pages, API answers — is compressed here.
import { brotliCompressSync, constants } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/**
 * Below this a body goes out as it is: it fits in one TCP packet either way, so compressing saves no round trip and
 * costs both ends CPU.
 */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Per request, CPU matters as much as bytes. Measured on this box (best of 7 runs) for the seeded home page, 17.4 KB
 * of HTML, and GET /api/challenges, 9.0 KB of JSON:
 *   gzip 6      5.6 KB in 0.18 ms   3.4 KB in 0.08 ms
 *   brotli 4    5.6 KB in 0.24 ms   3.3 KB in 0.16 ms
 *   brotli 5    5.2 KB in 0.42 ms   3.1 KB in 0.27 ms
 * Brotli 4 buys nothing over gzip 6, and brotli 5's 0.4 KB (less than a packet: no round trip saved) costs a tenth of
 * the page's render time. So gzip first; brotli only for a client that takes nothing else. Built files are another
 * matter: compressed once at the best ratio, brotli is 13–18% smaller there and comes first (front.ts).
 *
 * Gzip itself is libdeflate's level 1 (Bun.gzipSync), not zlib's level 6 (decision 014): CPU time per answer, best
 * of 7 on this box, for the 9.9 KB list, the 12.4 KB home page and the 11.6 KB /challenges page,
 *   zlib 6          93 µs 3,655 B   104 µs 3,676 B   80 µs 3,254 B
 *   libdeflate 1    37 µs 3,772 B    37 µs 3,846 B   38 µs 3,355 B
 *   libdeflate 6    89 µs 3,635 B    79 µs 3,692 B   76 µs 3,254 B
 * — 2.5× less CPU for 3–5% more bytes (at most 170 B: no extra packet), where zlib's gzip was a fifth of the list
 * route's profile.
 */
const ON_THE_FLY_ENCODINGS: readonly ContentEncoding[] = ["gzip", "br"];
const GZIP_LEVEL = 1;
const BROTLI_QUALITY = 4;

/**
 * The encoding to send, chosen from `available` (in our order of preference) by the request's Accept-Encoding
 * (RFC 9110 §12.5.3): the highest q-value wins, `q=0` means "not this one", `*` stands for any coding not named,
 * and a tie goes to the earlier of `available`. undefined: send the body as it is.
 */
export function negotiateEncoding(
  acceptEncoding: string | null,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      // An unreadable weight counts as a refusal: sending a coding the client may not decode is the worse mistake.
      if (key.trim().toLowerCase() === "q") q = /^\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/.test(value) ? Number(value) : 0;
    }
    weights.set(coding === "x-gzip" ? "gzip" : coding, q);
  }
  let chosen: ContentEncoding | undefined;
  let chosenWeight = 0;
  for (const coding of available) {
    const q = weights.get(coding) ?? weights.get("*") ?? 0;
    if (q > chosenWeight) [chosen, chosenWeight] = [coding, q];
  }
  return chosen;
}

/**
 * negotiateEncoding among `available`, remembered per Accept-Encoding text: browsers send a handful of spellings, and
 * parsing one on every answer was a visible share of a small API answer's time and a quarter of a kept page's
 * (decision 014). Bounded: a client inventing spellings only empties the memory.
 */
export function rememberedNegotiation(available: readonly ContentEncoding[]) {
  const choices = new Map<string, ContentEncoding | undefined>();
  return (acceptEncoding: string | null): ContentEncoding | undefined => {
    if (!acceptEncoding) return undefined;
    if (choices.has(acceptEncoding)) return choices.get(acceptEncoding);
    const chosen = negotiateEncoding(acceptEncoding, available);
    if (choices.size >= 64) choices.clear();
    choices.set(acceptEncoding, chosen);
    return chosen;
  };
}

const onTheFlyNegotiation = rememberedNegotiation(ON_THE_FLY_ENCODINGS);
const onTheFlyEncoding = (request: Request) => onTheFlyNegotiation(request.headers.get("accept-encoding"));

/** Adds Accept-Encoding to Vary: a shared cache must not hand one client's encoding to another. */
export function varyOnAcceptEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!vary.split(",").some((field) => ["*", "accept-encoding"].includes(field.trim().toLowerCase()))) {
    headers.set("vary", `${vary}, Accept-Encoding`);
  }
}

/** The media type of a Content-Type header, lower case, without parameters ("" when there is none). */
const mediaTypeOf = (headers: Headers) => (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Text formats compress well; images, archives and fonts are compressed already. */
function isCompressibleType(type: string): boolean {
  return (
    type.startsWith("text/") ||
    ["application/json", "application/javascript", "application/xml", "image/svg+xml"].includes(type) ||
    type.endsWith("+json") ||
    type.endsWith("+xml")
  );
}

/**
 * Whether a made-per-request response is a candidate at all, before its size is known: not a HEAD (no body goes out),
 * not bodiless (204, 304), not encoded already, and of a text type.
 */
function isCandidate(request: Request, status: number, headers: Headers, type = mediaTypeOf(headers)): boolean {
  return (
    request.method !== "HEAD" && status !== 204 && status !== 304 && !headers.has("content-encoding") && isCompressibleType(type)
  );
}

function encode(body: string | Uint8Array<ArrayBuffer>, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : Bun.gzipSync(body, { level: GZIP_LEVEL, library: "libdeflate" });
}

/**
 * Compressed bytes of recent anonymous answers, by their exact bytes (decision 014). A public list answers the same
 * JSON to every visitor until the data changes, and compressing it again was the largest cost the route had left over a
 * bare server (~100 µs of ~500 µs of CPU). Every answer is still made per request — query, validation, headers, log —
 * and only the compression of bytes already seen is skipped. Only answers alike for every anonymous visitor are kept
 * (isAnonymousAnswer), so a hit tells a caller no more than a shared HTTP cache would: that some visitor recently got
 * the same public bytes. Bounded in entries and in the size of each body; least recently used first out.
 */
const remembered = new Map<string, { body: Uint8Array<ArrayBuffer>; encoded: Uint8Array<ArrayBuffer> }>();
const REMEMBERED_ENTRIES = 64;
const REMEMBERED_MAX_BYTES = 64 * 1024;

/** How many compressed answers are remembered (for tests). */
export const rememberedAnswers = () => remembered.size;

/** A GET without cookies or credentials, answered without setting a cookie: every anonymous visitor gets the same. */
const isAnonymousAnswer = (request: Request, headers: Headers) =>
  request.method === "GET" &&
  !request.headers.has("cookie") &&
  !request.headers.has("authorization") &&
  !headers.has("set-cookie");

function encodeRemembered(body: Uint8Array<ArrayBuffer>, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
  if (body.byteLength > REMEMBERED_MAX_BYTES) return encode(body, encoding);
  const key = `${encoding}:${Bun.hash(body)}`;
  const hit = remembered.get(key);
  remembered.delete(key);
  // Equal bytes, not only an equal hash: a collision must never send one answer's body for another.
  if (hit && Buffer.from(hit.body).equals(body)) {
    remembered.set(key, hit); // most recently used last
    return hit.encoded;
  }
  const encoded = encode(body, encoding);
  if (remembered.size >= REMEMBERED_ENTRIES) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { body, encoded });
  return encoded;
}

type ResponseParts = { status: number; statusText?: string; headers: Headers };

/** `body` compressed with `encoding`, its headers (taken over, not copied) saying so. */
function encodedResponse(
  body: string | Uint8Array<ArrayBuffer>,
  encoding: ContentEncoding,
  parts: ResponseParts,
  remember = false,
): Response {
  const { status, statusText, headers } = parts;
  varyOnAcceptEncoding(headers);
  headers.set("content-encoding", encoding);
  headers.delete("content-length"); // Bun sets the compressed body's
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`); // the bytes differ from the plain body's
  const encoded = remember && typeof body !== "string" ? encodeRemembered(body, encoding) : encode(body, encoding);
  return new Response(encoded, { status, statusText, headers });
}

/**
 * The response for a body already in hand (a rendered page the front has read for its CSP): compressed when the
 * request accepts it and the body is worth it, else as it is. `headers` is taken over, not copied.
 */
export function respondCompressed(request: Request, body: string | Uint8Array<ArrayBuffer>, parts: ResponseParts): Response {
  const { status, statusText, headers } = parts;
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  if (size < MIN_COMPRESS_BYTES || !isCandidate(request, status, headers)) return new Response(body, parts);
  const encoding = onTheFlyEncoding(request);
  if (encoding) return encodedResponse(body, encoding, parts);
  varyOnAcceptEncoding(headers);
  return new Response(body, { status, statusText, headers });
}

/**
 * `response`, compressed when the request accepts it and the body is worth it; the body is then read whole. Anything
 * else passes through untouched, streams included: server-sent events, or an Elysia generator route (which says
 * Transfer-Encoding: chunked), whose parts must reach the client as they are written.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const { headers } = response;
  const type = mediaTypeOf(headers);
  if (!response.body || type === "text/event-stream" || headers.has("transfer-encoding")) return response;
  if (!isCandidate(request, response.status, headers, type)) return response;
  const declared = headers.get("content-length");
  if (declared !== null && Number(declared) < MIN_COMPRESS_BYTES) return response;
  const encoding = onTheFlyEncoding(request);
  if (!encoding) {
    varyOnAcceptEncoding(headers); // another client would have got it compressed
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  // Small: the same bytes for every client, so no Vary; status and headers as they were.
  if (body.byteLength < MIN_COMPRESS_BYTES) return new Response(body, response);
  const { status, statusText } = response;
  return encodedResponse(
    body,
    encoding,
    { status, statusText, headers: new Headers(headers) },
    isAnonymousAnswer(request, headers),
  );
}
