// The words of a stored (sanitized) HTML description, for places where markup has no place: the store's cards, meta
// tags and JSON-LD, and the admin catalogue's summary.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Where a block ends (a paragraph, a list item, a heading, a line break): in plain text, a sentence ends there. */
const BLOCK_BOUNDARY = /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|section|article|table)\b[^>]*>|<br\s*\/?>/gi;
const SENTENCE_END = /[.!?:;…]$/;

/**
 * The words of an HTML fragment: tags dropped, entities decoded, spaces collapsed — and each paragraph, list item or
 * line ends as a sentence ("Microwave safe. Printed all over"), so a card's two lines do not run them together.
 */
export function htmlToText(html: string): string {
  const text = html
    .replaceAll("\u0001", " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(BLOCK_BOUNDARY, "\u0001")
    // Inline markup joins its neighbours as written ("<b>word</b>." is "word."); any other tag separates words.
    .replace(/<\/?(a|b|strong|em|i|u|span|small|sup|sub|code|mark)\b[^>]*>/gi, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 1 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  const blocks = text
    .split("\u0001")
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return blocks.map((block, i) => (i < blocks.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block)).join(" ");
}
