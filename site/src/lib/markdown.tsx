// A team's text entries are Markdown (SPEC "Deliverables and submissions", decision 019), shown wherever a page shows
// them. Rendered to React elements, never to an HTML string: every character a team typed reaches the page as text
// (React escapes it), so a `<script>`, an `onerror=` or any other markup is shown, never run. Links are made only
// for http(s) and mailto addresses; a `javascript:` (or any other) link stays plain text. A small subset — headings,
// paragraphs, lists, quotes, code, emphasis, links — keeps the island small; anything else shows as typed.
import { Fragment, type ReactNode } from "react";

const SAFE_LINK = /^(https?:\/\/|mailto:)[^\s]+$/i;

/** Whether a link's address may become a link (the parser's reading, as a browser would, not a pattern alone). */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (!SAFE_LINK.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:" ? url.href : null;
  } catch {
    return null;
  }
}

// `code`, **strong**, *em* / _em_, [text](href) and bare http(s) addresses, in that order of precedence.
const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(\*[^*\n]+\*|_[^_\n]+_)|(\[[^\]\n]+\]\([^)\s]+\))|(https?:\/\/[^\s<>()]+)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [token, code, strong, em, link, bare] = match;
    const k = `${key}-${n++}`;
    if (code) out.push(<code key={k}>{code.slice(1, -1)}</code>);
    else if (strong) out.push(<strong key={k}>{inline(strong.slice(2, -2), k)}</strong>);
    else if (em) out.push(<em key={k}>{inline(em.slice(1, -1), k)}</em>);
    else if (link) {
      const split = link.indexOf("](");
      const label = link.slice(1, split);
      const href = safeHref(link.slice(split + 2, -1));
      out.push(
        href ? (
          <a key={k} href={href} rel="nofollow noopener noreferrer" target="_blank" className="link">
            {inline(label, k)}
          </a>
        ) : (
          token
        ),
      );
    } else if (bare) {
      const href = safeHref(bare);
      out.push(
        href ? (
          <a key={k} href={href} rel="nofollow noopener noreferrer" target="_blank" className="link">
            {bare}
          </a>
        ) : (
          bare
        ),
      );
    }
    last = at + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type Block =
  | { type: "heading"; level: number; text: string }
  | { type: "list"; ordered: boolean; items: Line[] }
  | { type: "quote"; lines: Line[] }
  | { type: "code"; text: string }
  | { type: "paragraph"; lines: Line[] };
/** A line of the source and where it stood there (its key: the text never reorders). */
type Line = { at: number; text: string };

function blocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.startsWith("```")) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
      i++;
      out.push({ type: "code", text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push({ type: "heading", level: heading[1]!.length, text: heading[2]!.replace(/\s#+\s*$/, "") });
      i++;
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      const items: Line[] = [];
      for (; i < lines.length; i++) {
        const next = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/.exec(lines[i]!);
        if (!next || (next[2] !== undefined) !== ordered) break;
        items.push({ at: i, text: next[3]! });
      }
      out.push({ type: "list", ordered, items });
      continue;
    }
    if (line.startsWith(">")) {
      const quoted: Line[] = [];
      for (; i < lines.length && lines[i]!.startsWith(">"); i++) quoted.push({ at: i, text: lines[i]!.replace(/^>\s?/, "") });
      out.push({ type: "quote", lines: quoted });
      continue;
    }
    const paragraph: Line[] = [];
    for (; i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|>|\s*([-*+]|\d{1,9}[.)])\s)/.test(lines[i]!); i++)
      paragraph.push({ at: i, text: lines[i]! });
    out.push({ type: "paragraph", lines: paragraph });
  }
  return out;
}

const withBreaks = (lines: Line[]) =>
  lines.map((line, i) => (
    <Fragment key={line.at}>
      {i > 0 && <br />}
      {inline(line.text, `l${line.at}`)}
    </Fragment>
  ));

const HEADING_CLASS = ["text-xl font-bold", "text-lg font-bold", "font-bold", "font-semibold", "font-semibold", "font-semibold"];

/** A text entry shown as Markdown; headings start one level below the page's (h3) so the outline stays right. */
export default function Markdown({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-2 break-words ${className}`} data-testid="markdown">
      {blocks(text).map((block, b) => {
        const key = `b${b}`;
        switch (block.type) {
          case "heading": {
            const Tag = `h${Math.min(6, block.level + 2)}` as "h3";
            return (
              <Tag key={key} className={HEADING_CLASS[block.level - 1]}>
                {inline(block.text, key)}
              </Tag>
            );
          }
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={key} className={`ml-5 ${block.ordered ? "list-decimal" : "list-disc"}`}>
                {block.items.map((item) => (
                  <li key={item.at}>{inline(item.text, `l${item.at}`)}</li>
                ))}
              </List>
            );
          }
          case "quote":
            return (
              <blockquote key={key} className="border-l-4 border-base-300 pl-3 opacity-90">
                {withBreaks(block.lines)}
              </blockquote>
            );
          case "code":
            return (
              <pre key={key} className="overflow-x-auto rounded-box bg-base-200 p-3 text-sm">
                <code>{block.text}</code>
              </pre>
            );
          default:
            return <p key={key}>{withBreaks(block.lines)}</p>;
        }
      })}
    </div>
  );
}
