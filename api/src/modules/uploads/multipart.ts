// Reads a multipart/form-data body as it arrives (docs/decisions/007): the file part goes straight to a file on disk,
// chunk by chunk, so an upload costs a few KiB of memory while it is received, not its size several times over.
// Small text fields are kept as strings (a `file` sent as text stays a string, and the route's schema says so).
// busboy parses the parts (RFC 7578: quoted and `filename*` parameters, part headers up to 16 KiB like a browser's);
// this file feeds it the request's stream with backpressure, counts the body against its limit and holds each
// part to the upload's rules.
import busboy from "busboy";
import { AppError } from "../../lib/errors";

/** Part headers longer than this are not a browser's (busboy's own ceiling too): a field's name fits in them. */
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

/**
 * Reads `body` (at most `maxBytes`, else 413) and returns its text fields and the file part named `fileField`, whose
 * bytes went to `openSink()` as they arrived. A body cut off before its closing boundary is malformed (400); so is a
 * second file under the same name. The first refusal (a limit, a malformed part, the sink's own) stops the reading
 * and is what the caller gets.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  maxBytes: number,
  fileField: string,
  openSink: () => FileSink,
): Promise<ReceivedForm> {
  if (!body) throw malformed();
  const reader = body.getReader();
  const parser = busboy({
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    defParamCharset: "utf8", // as browsers send file names (busboy's default is latin1)
    preservePath: true, // the name as sent; nothing here uses it as a path
    // A value past the text limit arrives truncated and flagged: refused below, never kept cut short.
    limits: { fieldSize: MAX_TEXT_BYTES + 1, fieldNameSize: MAX_HEADER_BYTES },
  });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let textBytes = 0;
  const fileWritten: Promise<void>[] = [];

  // The first refusal wins; `refused` rejects with it, so a read or a wait for the parser stops at once.
  let failure: unknown = null;
  let reject!: (e: unknown) => void;
  const refused = new Promise<never>((_, r) => {
    reject = r;
  });
  refused.catch(() => {});
  const refuse = (e: unknown) => {
    failure ??= e;
    reject(failure);
  };

  const addField = (name: string | undefined, value: string, truncated = false) => {
    if (name === undefined) return refuse(malformed()); // a form-data part without its name
    textBytes += Buffer.byteLength(value);
    if (truncated || textBytes > MAX_TEXT_BYTES) return refuse(tooLarge());
    if (name === fileField && (file || fileField in fields)) return refuse(malformed());
    fields[name] = value;
  };
  parser.on("field", (name, value, info) => addField(name, value, info.valueTruncated));
  parser.on("file", (name: string | undefined, stream, info) => {
    if (name === undefined) {
      stream.resume();
      return refuse(malformed());
    }
    if (info.filename === undefined) {
      // busboy takes a part declared application/octet-stream for a file even without a file name; without one it is
      // a text field here, as it always was (a `file` sent so stays text, and the route's schema refuses it).
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (textBytes + bytes > MAX_TEXT_BYTES) return refuse(tooLarge());
        chunks.push(chunk);
      });
      stream.on("end", () => addField(name, Buffer.concat(chunks).toString("utf8")));
      return;
    }
    if (name !== fileField) return void stream.resume(); // a file under another name is read past, kept nowhere
    if (file || fileField in fields) {
      stream.resume();
      return refuse(malformed());
    }
    const received: ReceivedFile = { name: info.filename, type: info.mimeType, size: 0 };
    file = received;
    const sink = openSink();
    fileWritten.push(
      (async () => {
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            await sink.write(chunk);
            received.size += chunk.length;
          }
        } catch (e) {
          // busboy ends a file part cut off by the body's end with an error of its own: that is a malformed body.
          refuse(e instanceof AppError ? e : malformed());
        } finally {
          await sink.end();
        }
      })(),
    );
  });
  parser.on("error", () => refuse(malformed()));
  const parsed = new Promise<void>((resolve) => parser.on("close", resolve));

  let received = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), refused]);
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw tooLarge();
      // Backpressure: while the sink writes, busboy holds the file's bytes and its write answers false until drained.
      if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
        await Promise.race([new Promise((drained) => parser.once("drain", drained)), refused]);
      }
    }
    parser.end(); // a body without its closing boundary: busboy's "Unexpected end of form"
    await Promise.race([parsed, refused]);
    await Promise.all(fileWritten);
    if (failure) throw failure;
    return { fields, file };
  } catch (error) {
    failure ??= error;
    await reader.cancel().catch(() => {});
    parser.destroy();
    await Promise.allSettled(fileWritten);
    throw failure;
  }
}
