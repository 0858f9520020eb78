// The one error type. Services throw AppError; the error plugin (api/src/plugins/errors.ts) turns it into the
// response body `{ type, message }` and never echoes internals (stack, SQL, the submitted body).
type AppErrorType =
  | "invalid_data"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_required"
  | "too_many_requests"
  | "unavailable"
  | "internal";

const STATUS: Record<AppErrorType, number> = {
  invalid_data: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly type: AppErrorType,
    message: string,
    status?: number,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status ?? STATUS[type];
  }
}

export const notFound = (message: string) => new AppError("not_found", message);

/**
 * An error's message for the people who run the site (the operations screen: a job's or a webhook event's failure):
 * one line of at most `max` characters. Prisma's messages span lines — the call site, our source lines, then the
 * database's complaint — so the last line is the one kept.
 */
export function shortMessage(err: unknown, max = 500): string {
  const text = err instanceof Error ? err.message : String(err);
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? "Unknown error").slice(0, max);
}
