// The header's account area: a spinner while the current user loads, Sign In for visitors, and the My Account
// menu for members (SPEC §2 header). Log out always ends on / even when the call fails (SPEC §4).
import { useEffect } from "react";
import { useStore } from "@nanostores/react";
import { $session, loadSession } from "../../stores/session";
import { ADMIN_NAV, canAccessSection, hasAdminAccess } from "@api/modules/auth/permissions";
import { api } from "../../lib/api";
import Spinner from "../../components/ui/Spinner";
import Badge from "../../components/ui/Badge";

async function logOut() {
  try {
    await api.post("/api/logout");
  } catch (e) {
    console.error("Logout failed", e);
  }
  window.location.href = "/";
}

export default function AccountMenu() {
  const session = useStore($session);
  useEffect(loadSession, []);

  if (session.status === "loading") return <Spinner label="Loading account" className="loading-sm" />;
  if (session.status !== "authenticated") {
    return (
      <a href="/login" className="btn btn-primary btn-sm">
        Sign In
      </a>
    );
  }
  const { user } = session;
  const roles = user.roles?.length ? user.roles : [user.role];
  return (
    <div className="dropdown dropdown-end">
      <button type="button" tabIndex={0} className="btn btn-ghost btn-sm" aria-haspopup="menu">
        {user.firstName || user.username}
      </button>
      <ul tabIndex={0} role="menu" className="menu dropdown-content z-40 mt-2 w-56 rounded-box bg-base-200 p-2 shadow-lg">
        <li className="menu-title">
          <span>My Account</span>
          <span className="mt-1 flex flex-wrap gap-1">
            {roles.map((r) => (
              <Badge key={r} tone={r === "ADMIN" ? "primary" : "ghost"} className="badge-sm">
                {r}
              </Badge>
            ))}
          </span>
        </li>
        {hasAdminAccess(user) && (
          <li role="none">
            <a role="menuitem" href={ADMIN_NAV.find((item) => canAccessSection(user, item.section))?.href ?? "/admin"}>
              Admin Dashboard
            </a>
          </li>
        )}
        <li role="none">
          <a role="menuitem" href="/profile">
            Profile
          </a>
        </li>
        <li role="none">
          <a role="menuitem" href="/my-applications">
            My Applications
          </a>
        </li>
        <li role="none">
          <a role="menuitem" href="/subscriptions">
            Subscriptions
          </a>
        </li>
        <li role="none">
          <button type="button" role="menuitem" onClick={logOut}>
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
