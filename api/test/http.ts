// Calls the real app in-process, as a browser would over HTTP.
import { app } from "../src/app";

export const BASE_URL = "http://localhost:3000";

export async function call(path: string, init: RequestInit = {}) {
  const res = await app.handle(new Request(BASE_URL + path, init));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as any, text };
}
