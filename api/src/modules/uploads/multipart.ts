// Reads a multipart/form-data body as it arrives (issue 14 item 7): the file part goes straight to a file on disk,
// chunk by chunk, so an upload costs a few KiB of memory while it is received, not its size several times over.
// Small text fields are kept as strings (a `file` sent as text stays a string, and the route's schema says so).
import { AppError } from "../../lib/errors";

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
/** Part headers longer than this are not a browser's. */
const MAX_HEADER_BYTES = 16 * 1024;
/** All text fields together: the upload form has none; a little room for clients that add one. */
const MAX_TEXT_BYTES = 64 * 1024;

export const malformed = () => new AppError("invalid_data", "The request body is not valid multipart/form-data");
const tooLarge = () => new AppError("invalid_data", "The request body is too large", 413);

/** Where the one file part is written: `write` each chunk in order, then `end`. */
export type FileSink = { write(chunk: Uint8Array): Promise<void> | void; end(): Promise<void> | void };

type ReceivedFile = { name: string; type: string; size: number };
type ReceivedForm = { fields: Record<string, string>; file: ReceivedFile | null };

/** The boundary from a multipart Content-Type (quoted or not), or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

type PartHeaders = { name: string; filename: string | null; type: string };

function parsePartHeaders(text: string): PartHeaders {
  let name: string | null = null;
  let filename: string | null = null;
  let type = "application/octet-stream";
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 1) throw malformed();
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") {
      if (!/^form-data\b/i.test(value)) throw malformed();
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? null;
      filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1] ?? null;
    } else if (key === "content-type") {
      type = value;
    }
  }
  if (name === null) throw malformed();
  return { name, filename, type };
}

/**
 * Reads `body` (at most `maxBytes`, else 413) and returns its text fields and the file part named `fileField`, whose
 * bytes went to `openSink()` as they arrived. A body cut off before its closing boundary is malformed (400); so is a
 * second file under the same name.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  maxBytes: number,
  fileField: string,
  openSink: () => FileSink,
): Promise<ReceivedForm> {
  if (!body) throw malformed();
  // A CRLF in front lets the first boundary be found like every other one ("\r\n--boundary").
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let sink: FileSink | null = null;
  let text: Buffer[] | null = null;
  let textBytes = 0;
  let part: PartHeaders | null = null;
  let state: "preamble" | "boundary" | "headers" | "data" | "done" = "preamble";
  let pending: Buffer = Buffer.from(CRLF);
  let received = 0;

  const emit = async (chunk: Buffer) => {
    if (chunk.length === 0) return;
    if (sink) {
      await sink.write(chunk);
      file!.size += chunk.length;
    } else if (text) {
      textBytes += chunk.length;
      if (textBytes > MAX_TEXT_BYTES) throw tooLarge();
      text.push(Buffer.from(chunk));
    }
  };
  const endPart = async () => {
    if (sink) {
      await sink.end();
      sink = null;
    } else if (text && part) {
      fields[part.name] = Buffer.concat(text).toString("utf8");
    }
    text = null;
    part = null;
  };

  /**
   * The next chunk after what is still pending. In a part's data only a possible start of the delimiter is pending
   * (fewer bytes than the delimiter): unless the delimiter does begin there, those bytes are data and go out, and
   * the chunk is used as it is — not copied behind them, so a large file is never copied chunk by chunk.
   */
  const append = async (held: Buffer, chunk: Buffer): Promise<Buffer> => {
    if (held.length === 0) return chunk;
    // (Only when the chunk is long enough to hold the rest of a delimiter begun in `held`.)
    if ((state === "data" || state === "preamble") && held.length < delimiter.length && chunk.length >= delimiter.length) {
      const seam = Buffer.concat([held, chunk.subarray(0, delimiter.length)]).indexOf(delimiter);
      if (seam === -1 || seam >= held.length) {
        if (state === "data") await emit(held);
        return chunk;
      }
    }
    return Buffer.concat([held, chunk]);
  };

  try {
    for (;;) {
      // Make progress on what is buffered; read more only when nothing more can be decided.
      let progressed = true;
      while (progressed && state !== "done") {
        progressed = false;
        if (state === "preamble" || state === "data") {
          const at = pending.indexOf(delimiter);
          if (at === -1) {
            // Everything but a possible start of the delimiter can go.
            const keep = Math.min(pending.length, delimiter.length - 1);
            if (state === "data") await emit(pending.subarray(0, pending.length - keep));
            pending = pending.subarray(pending.length - keep);
            break;
          }
          if (state === "data") {
            await emit(pending.subarray(0, at));
            await endPart();
          }
          pending = pending.subarray(at + delimiter.length);
          state = "boundary";
          progressed = true;
        } else if (state === "boundary") {
          if (pending.length < 2) break;
          if (pending[0] === 0x2d && pending[1] === 0x2d) {
            state = "done";
          } else if (pending[0] === 0x0d && pending[1] === 0x0a) {
            pending = pending.subarray(2);
            state = "headers";
            progressed = true;
          } else {
            throw malformed();
          }
        } else if (state === "headers") {
          const end = pending.indexOf(HEADERS_END);
          if (end === -1) {
            if (pending.length > MAX_HEADER_BYTES) throw malformed();
            break;
          }
          part = parsePartHeaders(pending.subarray(0, end).toString("utf8"));
          pending = pending.subarray(end + HEADERS_END.length);
          if (part.name === fileField && (file || fileField in fields)) throw malformed();
          if (part.filename === null) {
            text = [];
          } else if (part.name === fileField) {
            file = { name: part.filename, type: part.type, size: 0 };
            sink = openSink();
          } // else: a file under another name is read past, kept nowhere

          state = "data";
          progressed = true;
        }
      }
      if (state === "done") break;
      const { done, value } = await reader.read();
      if (done) throw malformed(); // cut off before the closing boundary
      received += value.byteLength;
      if (received > maxBytes) throw tooLarge();
      pending = await append(pending, Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
    // Whatever follows the closing boundary (an epilogue) is not read.
    await reader.cancel().catch(() => {});
    return { fields, file };
  } catch (error) {
    await reader.cancel().catch(() => {});
    await (sink as FileSink | null)?.end();
    throw error;
  }
}
