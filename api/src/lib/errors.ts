// The one error type. Services throw AppError; the error plugin (api/src/plugins/errors.ts) turns it into the
// response body `{ type, message }` and never echoes internals (stack, SQL, the submitted body).
export type AppErrorType =
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
