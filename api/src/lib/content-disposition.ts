// How a download is named (decision 007): `Content-Disposition` with a safe ASCII `filename` for old clients and the
// exact name as RFC 6266 / RFC 8187 `filename*` (UTF-8, percent-encoded). Pure functions: the local file route and the
// bucket's presigned links build the same header from the same name.

/** Longest name kept (before the extension): file systems allow 255 bytes, and a UTF-8 character takes up to 4. */
const NAME_MAX_CHARACTERS = 60;

/** Control characters (CR, LF, tabs…) and path or reserved characters (`/ \ : * ? " < > |`) become spaces. */
const cleanText = (text: string) =>
  text
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029/\\:*?"<>|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A file name for a download: the title cleaned (cleanText), cut to a sane length, no leading dots, then
 * `.<extension>`. Unicode letters stay (the header's `filename*` carries them). "download" when nothing is left.
 */
export function downloadFileName(title: string, extension: string): string {
  const cut = [...cleanText(title)]
    .slice(0, NAME_MAX_CHARACTERS)
    .join("")
    .replace(/^[.\s]+/, "")
    .trim();
  return `${cut || "download"}.${extension.replace(/[^A-Za-z0-9]/g, "")}`;
}

/** The ASCII-only fallback: accents dropped (é → e), other characters as `_`, no quote, backslash, `;` or `%`. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\;%]/g, "_");
  const dot = ascii.lastIndexOf(".");
  // Nothing readable left (a title all in another script): a plain word beats "_.pdf".
  if (!/[A-Za-z0-9]/.test(dot > 0 ? ascii.slice(0, dot) : ascii)) return `download${dot > 0 ? ascii.slice(dot) : ""}`;
  return ascii.replace(/_+/g, "_");
}

/** RFC 8187 value characters: everything else percent-encoded (encodeURIComponent leaves `'()*!` as they are). */
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The header value: `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>`. The name is cleaned
 * again here (downloadFileName's rules), so whatever a caller passes, no CR/LF or quote reaches the header.
 */
export function contentDisposition(disposition: "attachment" | "inline", name: string): string {
  const safe = cleanText(name) || "download";
  return `${disposition}; filename="${asciiFallback(safe)}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}
