// The one access rule for admin sections (DEVELOPERS.md: toolAccess delegates admin sections to non-admins,
// enforced in the API; ADMIN has all). Used by the API guards, the current-user response and the site.
import type { ToolAccess } from "./schema";

export type AdminSection = ToolAccess;
type Subject = { role: string; toolAccess: readonly string[] };

export function canAccessSection(user: Subject | null | undefined, section: AdminSection): boolean {
  if (!user) return false;
  return user.role === "ADMIN" || user.toolAccess.includes(section);
}

/** May this user enter /admin at all (any section)? */
export function hasAdminAccess(user: Subject | null | undefined): boolean {
  if (!user) return false;
  return user.role === "ADMIN" || user.toolAccess.length > 0;
}

/**
 * May `actor` change (edit, set the password or e-mail of, delete) `target`'s account from user management?
 * An ADMIN may change anyone (the last-admin rule aside). A delegate with `user_management` may change only
 * accounts that hold no admin section at all: never an admin, another delegate or themselves — otherwise one
 * delegate could set another's password, sign in as them and use their section. Used by the API and by the
 * screen that hides the buttons. docs/decisions/004.
 */
export function canManageAccount(
  actor: (Subject & { id: string }) | null | undefined,
  target: Subject & { id: string },
): boolean {
  if (!actor) return false;
  if (actor.role === "ADMIN") return true;
  if (!canAccessSection(actor, "user_management")) return false;
  return actor.id !== target.id && !hasAdminAccess(target);
}
