// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible built file, so the Bun front (server/front.ts)
// can send the smallest one the browser accepts without compressing anything per request. Bun.serve compresses
// nothing on its own. Best ratios (brotli 11, gzip 9): the cost is paid once per build, not per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text formats: already-compressed ones (png, woff2, …) would only grow. */
const COMPRESSIBLE_EXTENSIONS = new Set([
  ".html",
  ".css",
  ".js",
  ".mjs",
  ".json",
  ".map",
  ".svg",
  ".txt",
  ".xml",
  ".ico",
  ".webmanifest",
  ".wasm",
]);
/** Below about one TCP packet compression saves no round trip, only CPU on the client. */
const MIN_PRECOMPRESS_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Compresses the files under `dir` (Astro empties it before each build, so no copy can outlive its file). A copy that
 * would not be smaller than the file is not written: the front then sends the file as it is. Returns byte totals.
 */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) continue;
    if ((await stat(file)).size < MIN_PRECOMPRESS_BYTES) continue;
    const raw = await readFile(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    totals.files++;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gz += Math.min(gz.length, raw.length);
  }
  return totals;
}
