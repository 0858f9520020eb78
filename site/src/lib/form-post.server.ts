// Reading a form a page handles itself (a submit before its island hydrated, or with JavaScript off): a small
// form-encoded body whose fields are plain strings. The fields are then checked like the island checks them (the
// route's own contract, through site/src/lib/forms.ts).

/** Our forms are a few short fields; anything bigger is not one of them. */
export const MAX_FORM_BYTES = 16 * 1024;
const UNREADABLE_FORM = "The form could not be read. Please try again.";

type FormRead<K extends string> = { ok: true; fields: Record<K, string> } | { ok: false; status: number; message: string };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The named fields as strings ("" when missing or a file). Refuses other body types, big bodies and NULs. */
export async function readFormFields<K extends string>(request: Request, names: readonly K[]): Promise<FormRead<K>> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((t) => type.toLowerCase().startsWith(t))) return { ok: false, status: 415, message: UNREADABLE_FORM };
  const bytes = await readCapped(request, MAX_FORM_BYTES);
  if (!bytes) return { ok: false, status: 413, message: UNREADABLE_FORM };
  let data: FormData;
  try {
    data = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    return { ok: false, status: 400, message: UNREADABLE_FORM };
  }
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = data.get(name);
    fields[name] = typeof value === "string" ? value : "";
    // PostgreSQL cannot store a NUL; no person types one.
    if (fields[name].includes("\0")) return { ok: false, status: 400, message: UNREADABLE_FORM };
  }
  return { ok: true, fields };
}

/** The body, or null once it passes `max` bytes — counted while reading, whatever Content-Length claimed. */
async function readCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
