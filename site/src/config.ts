// Public site facts used across pages (links shown to visitors; nothing secret).
export const SITE_NAME = "InnovateHub";
export const SITE_TAGLINE = "Driving innovation through collaboration: crowdsourced challenges, open results, shared tools.";

export const CONTACT_EMAIL = "hello@innovatehub.example";
export const PROFESSIONAL_NETWORK_URL = "https://www.linkedin.com/company/innovatehub-example";
/** The external peer community partner's invitation link (SPEC §1 "free social membership"). */
export const COMMUNITY_INVITE_URL = "https://community.innovatehub.example/join";

export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/challenges", label: "Challenges" },
  { href: "/projects", label: "Projects" },
  { href: "/resources", label: "Resources" },
  { href: "/merchandise", label: "Merchandise" },
] as const;

/** A nav link is current on its own page and on the pages below it (/challenges/abc highlights Challenges). */
export function isCurrent(href: string, pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}
