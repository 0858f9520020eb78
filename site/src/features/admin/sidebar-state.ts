// The admin sidebar's settings (SPEC §2 admin area, §9: cookie for 7 days, ctrl/meta+b, 768px mobile breakpoint):
// the layout reads the cookie to render the sidebar open or collapsed; AdminSidebar.astro's script writes it.
// Browser-safe: no server imports.
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_SHORTCUT_KEY = "b";
/** Below this width the sidebar is an off-canvas drawer. */
export const MOBILE_QUERY = "(max-width: 767px)";
