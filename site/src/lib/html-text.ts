// The words of a stored (sanitized) HTML description, for places where markup has no place: the store's cards, meta
// tags and JSON-LD, and the admin catalogue's summary.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The words of an HTML fragment: tags dropped (block ends become spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
      // Inline markup joins its neighbours as written ("<b>word</b>." is "word."); any other tag separates words.
      .replace(/<\/?(a|b|strong|em|i|u|span|small|sup|sub|code|mark)\b[^>]*>/gi, "")
      .replace(/<[^>]*>/g, " ")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name[0] === "#") {
          const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
        }
        return ENTITIES[name.toLowerCase()] ?? entity;
      })
      .replace(/\s+/g, " ")
      .trim()
  );
}
