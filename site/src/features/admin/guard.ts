// The admin area's server-side guard (SPEC §6), called from each /admin page's frontmatter: only a page can
// return a redirect reliably, so the guard hands the page a Response to return instead of redirecting itself.
import type { AstroGlobal } from "astro";
import type { CurrentUser } from "@api/modules/auth/schema";
import { canAccessSection, hasAdminAccess, type AdminSection } from "@api/modules/auth/permissions";
import { serverTryGet } from "../../lib/api.server";
import { SIDEBAR_COOKIE } from "./sidebar-state";

/** What a page may render: the denied view, or the admin shell for this user. */
export type AdminAccess = { denied: true; user: CurrentUser } | { user: CurrentUser };
export type AdminGuard = { redirect: Response } | AdminAccess;

export async function guardAdmin(Astro: AstroGlobal, section: AdminSection): Promise<AdminGuard> {
  const result = await serverTryGet<CurrentUser>(Astro, "/api/auth/user");
  if ("error" in result) {
    if (result.error.status === 401) return { redirect: Astro.redirect("/login") };
    // Not "signed out": we could not tell who this is. A 500 beats sending a signed-in admin to /login.
    throw new Error(`Could not load the current user for the admin area (${result.error.message})`);
  }
  const user = result.data;
  // Signed in without admin access at all, or without this page's section: the same Access Denied view.
  if (!hasAdminAccess(user) || !canAccessSection(user, section)) {
    Astro.response.status = 403;
    return { denied: true, user };
  }
  return { user };
}

/** Open unless the visitor collapsed it last time (the cookie the sidebar writes; SPEC §2 admin area). */
export function sidebarOpenFromCookie(Astro: AstroGlobal): boolean {
  return Astro.cookies.get(SIDEBAR_COOKIE)?.value !== "false";
}
