// The admin area's sections: the sidebar's entries (SPEC §2 order) and the permission each page needs. The
// middleware guards /admin pages from this list, so a page added here is guarded without code of its own.
import { canAccessSection, type AdminSection } from "@api/modules/auth/permissions";

type Subject = Parameters<typeof canAccessSection>[0];

export const ADMIN_NAV = [
  { href: "/admin", label: "Dashboard", section: "admin_dashboard" },
  { href: "/admin/challenges", label: "Challenges", section: "challenges" },
  { href: "/admin/projects", label: "Projects", section: "projects" },
  { href: "/admin/resources", label: "Resources", section: "resources" },
  { href: "/admin/merchandise", label: "Merchandise", section: "merchandise" },
  { href: "/admin/orders", label: "Orders", section: "order_management" },
  { href: "/admin/users", label: "Users", section: "user_management" },
  // Invoices are payments and invoices: the people who manage orders see them.
  { href: "/admin/invoices", label: "Invoices", section: "order_management" },
  // Not in SPEC (decision 011): failed jobs and the webhook ledger, for ADMIN and whoever is granted `operations`.
  { href: "/admin/operations", label: "Operations", section: "operations" },
] as const satisfies readonly { href: string; label: string; section: AdminSection }[];

/** The section an /admin page needs; undefined for paths that are no admin page (they get the 404 page). */
export function adminSectionOf(pathname: string): AdminSection | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ADMIN_NAV.find((item) => item.href === path)?.section;
}

/** The sections this user may open, in sidebar order. */
export const allowedAdminNav = (user: Subject) => ADMIN_NAV.filter((item) => canAccessSection(user, item.section));
