// Values no route ever wants, refused before validation so they reach neither a schema nor the database:
// PostgreSQL rejects a NUL in text (error 22021, a 500 before this guard), a lone surrogate is not text at all,
// `__proto__` as a key is a prototype-pollution probe, nesting deeper than any contract is a stack-depth probe, and a
// field longer than any contract accepts is a CPU probe (below). After validation, one more: a list the schema let
// through must have been sent as a list (findListNotSent).

/** Deeper than any body a route accepts (the deepest contract nests three levels). */
export const MAX_INPUT_DEPTH = 16;
/**
 * Longer than any text field accepts (the longest, a challenge's or project's long text, takes 20,000), so no valid
 * input is refused here, and a field up to this length still gets its own schema's message. Past it, the schema is
 * not worth running: Elysia's body normaliser (exact-mirror) walks a string sent where a list of choices belongs
 * character by character, and TypeBox then checks every character against every choice (a 1 MB `toolAccess` cost 5–6
 * s of CPU). A whole body that is one string (a signed webhook's raw text) is not a field and is not held to this.
 */
export const MAX_INPUT_TEXT_LENGTH = 65_536;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const INPUT_PROBLEMS = {
  badText: "contains characters that are not allowed (NUL or an unpaired surrogate)",
  badKey: "contains a key that is not allowed",
  tooDeep: "is nested too deeply",
  tooLong: `is too long (at most ${MAX_INPUT_TEXT_LENGTH.toLocaleString("en-US")} characters)`,
} as const;

/** A string that cannot be stored as text. */
const isBadText = (value: string) => BAD_TEXT.test(value);

/**
 * The first problem in a parsed input (`where` is "body", "query" or "params"), as a sentence naming the field
 * but never echoing its value ("email contains characters…", "query.search contains…"), or null when clean.
 * Iterative, so a hostile depth cannot overflow the stack while it is being measured.
 */
export function findInputProblem(value: unknown, where: string): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: where, depth: 0 }];
  // Body fields are named as the forms name them; query and params keep their prefix.
  const name = (path: string) => (path === "body" ? "The request body" : path.replace(/^body\./, ""));
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (depth > 0 && current.length > MAX_INPUT_TEXT_LENGTH) return `${name(path)} ${INPUT_PROBLEMS.tooLong}`;
      if (isBadText(current)) return `${name(path)} ${INPUT_PROBLEMS.badText}`;
      continue;
    }
    if (current === null || typeof current !== "object" || current instanceof Blob) continue;
    if (depth >= MAX_INPUT_DEPTH) return `The request ${where} ${INPUT_PROBLEMS.tooDeep}`;
    for (const key of Object.keys(current)) {
      if (key === "__proto__" || isBadText(key)) return `The request ${where} ${INPUT_PROBLEMS.badKey}`;
      stack.push({
        value: (current as Record<string, unknown>)[key],
        path: Array.isArray(current) ? path : `${path}.${key}`,
        depth: depth + 1,
      });
    }
  }
  return null;
}

/**
 * The first list in a validated body that was not a list in the body sent ("toolAccess must be a list"), or null.
 * Walks what the schema kept (small and bounded by the contract), beside what was sent.
 */
export function findListNotSent(validated: unknown, sent: unknown, path = ""): string | null {
  // Absent when sent: the schema's default filled it in.
  if (sent === undefined) return null;
  if (Array.isArray(validated)) {
    if (!Array.isArray(sent)) return `${path || "The request body"} must be a list`;
    for (const [i, item] of validated.entries()) {
      const problem = findListNotSent(item, sent[i], path);
      if (problem) return problem;
    }
    return null;
  }
  if (validated === null || typeof validated !== "object" || sent === null || typeof sent !== "object") return null;
  for (const [key, value] of Object.entries(validated)) {
    const problem = findListNotSent(value, (sent as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    if (problem) return problem;
  }
  return null;
}

const BAD_TEXT_EVERYWHERE = new RegExp(BAD_TEXT.source, "g");
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * A provider's signed event made storable (webhooks/ledger.ts): a NUL or an unpaired surrogate in any of its strings
 * becomes its JSON escape as plain text ("\\u0000"), which text and jsonb columns can hold. A request's input is
 * refused instead (findInputProblem); a verified event cannot be refused, or the provider would send it for ever.
 */
export function storableText<T>(value: T): T {
  if (typeof value === "string") return (isBadText(value) ? value.replace(BAD_TEXT_EVERYWHERE, escaped) : value) as T;
  if (Array.isArray(value)) return value.map(storableText) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableText(v)])) as T;
  }
  return value;
}
