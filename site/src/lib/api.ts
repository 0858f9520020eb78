// The one browser-side API client (SPEC §7): credentials always included, JSON body only when present, no
// retries. A failure is an ApiError whose message follows SPEC §8 ("<status>: <body text or status text>");
// `serverMessage` is the human message from our `{ type, message }` error bodies, for toasts.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let serverMessage = "";
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string") serverMessage = body.message;
  } catch {
    serverMessage = text;
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverMessage);
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>("GET", path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
};
