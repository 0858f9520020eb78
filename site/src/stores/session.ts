// The current user, shared by every island (header menu, admin guard, forms). Loaded once per page; a 401 means
// anonymous and is not retried (SPEC §4).
import { atom } from "nanostores";
import { api, ApiError } from "../lib/api";
import type { CurrentUser } from "@api/modules/auth/schema";

export type { CurrentUser };

export type SessionState =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "authenticated"; user: CurrentUser }
  | { status: "error"; message: string };

export const $session = atom<SessionState>({ status: "loading" });

let started = false;

export function loadSession(): void {
  if (started) return;
  started = true;
  api
    .get<CurrentUser>("/api/auth/user")
    .then((user) => $session.set({ status: "authenticated", user }))
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 401) $session.set({ status: "anonymous" });
      else $session.set({ status: "error", message: e instanceof Error ? e.message : String(e) });
    });
}
