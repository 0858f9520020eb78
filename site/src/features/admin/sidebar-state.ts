// The admin sidebar's open state, shared by the sidebar island and the header's toggle island (SPEC §2 admin
// area, §9: cookie for 7 days, ctrl/meta+b, 768px mobile breakpoint). Browser-safe: no server imports.
import { atom } from "nanostores";

export const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_SHORTCUT_KEY = "b";
/** Below this width the sidebar is an off-canvas drawer. */
export const MOBILE_QUERY = "(max-width: 767px)";

/**
 * Desktop open/collapsed. `null` until the browser changes it: islands render the server's cookie value until
 * then, so hydration matches and a server render never reads state left by another request.
 */
export const $sidebarOpen = atom<boolean | null>(null);
/** The mobile drawer; always starts closed. */
export const $sidebarMobileOpen = atom(false);

function isMobileViewport(): boolean {
  return typeof window !== "undefined" && window.matchMedia(MOBILE_QUERY).matches;
}

function setSidebarOpen(open: boolean) {
  $sidebarOpen.set(open);
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** The toggle button and the shortcut: the drawer on small screens, open/collapsed otherwise. */
export function toggleSidebar(initialOpen: boolean) {
  if (isMobileViewport()) $sidebarMobileOpen.set(!$sidebarMobileOpen.get());
  else setSidebarOpen(!($sidebarOpen.get() ?? initialOpen));
}
