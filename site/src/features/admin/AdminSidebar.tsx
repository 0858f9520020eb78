// The admin sidebar (SPEC §2 admin area, §9): 16rem open, 3rem collapsed to icons, an 18rem off-canvas drawer
// below 768px. The server renders the cookie's state (no flash); ctrl/meta+b toggles it like the header button.
import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { $sidebarMobileOpen, $sidebarOpen, SIDEBAR_SHORTCUT_KEY, toggleSidebar } from "./sidebar-state";
import { NAV_ICONS } from "./icons";

type SidebarItem = { href: string; label: string };

type Props = {
  /** The sections this user may open (ADMIN_NAV filtered by canAccessSection on the server). */
  items: SidebarItem[];
  currentPath: string;
  /** From the sidebar_state cookie. */
  initialOpen: boolean;
  siteName: string;
  userLabel: string;
};

function isCurrentSection(href: string, path: string) {
  const clean = path.replace(/\/+$/, "") || "/";
  // /admin is the dashboard only; the others also own any page below them.
  return href === "/admin" ? clean === "/admin" : clean === href || clean.startsWith(`${href}/`);
}

function NavList({ items, currentPath, collapsed }: { items: SidebarItem[]; currentPath: string; collapsed: boolean }) {
  return (
    <nav aria-label="Admin">
      <ul className={`menu w-full gap-1 ${collapsed ? "p-1.5" : "p-2"}`}>
        {items.map((item) => {
          const Icon = NAV_ICONS[item.href];
          const current = isCurrentSection(item.href, currentPath);
          return (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={current ? "page" : undefined}
                title={collapsed ? item.label : undefined}
                className={`${current ? "menu-active" : ""} ${collapsed ? "h-9 w-9 justify-center px-0" : ""}`}
              >
                {Icon && <Icon />}
                {/* Collapsed: icon only on screen, the label stays the link's accessible name. */}
                <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Brand({ siteName, collapsed }: { siteName: string; collapsed: boolean }) {
  return (
    <div
      className={`flex h-14 shrink-0 items-center gap-2 border-b border-base-300 ${collapsed ? "justify-center px-0" : "px-4"}`}
    >
      <img src="/logo.svg" alt="" width="28" height="28" className="h-7 w-7 shrink-0" />
      <span className={collapsed ? "sr-only" : "truncate font-bold"}>{siteName} Admin</span>
    </div>
  );
}

export default function AdminSidebar({ items, currentPath, initialOpen, siteName, userLabel }: Props) {
  const open = useStore($sidebarOpen) ?? initialOpen;
  const mobileOpen = useStore($sidebarMobileOpen);
  const drawerRef = useRef<HTMLDivElement>(null);

  // ctrl+b / cmd+b anywhere on the page (SPEC §9).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggleSidebar(initialOpen);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [initialOpen]);

  // The drawer behaves like a dialog: focus moves in, Escape closes it, focus returns to the toggle.
  useEffect(() => {
    if (!mobileOpen) return;
    drawerRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") $sidebarMobileOpen.set(false);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.querySelector<HTMLElement>("[data-sidebar-toggle]")?.focus();
    };
  }, [mobileOpen]);

  const collapsed = !open;
  return (
    <>
      <aside
        id="admin-sidebar"
        data-state={open ? "expanded" : "collapsed"}
        aria-label="Admin sidebar"
        className={`sticky top-0 hidden h-screen shrink-0 flex-col overflow-x-hidden overflow-y-auto border-r border-base-300 bg-base-200 transition-[width] duration-200 ease-linear md:flex ${
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-collapsed)"
        }`}
      >
        <Brand siteName={siteName} collapsed={collapsed} />
        <div className="flex-1">
          <NavList items={items} currentPath={currentPath} collapsed={collapsed} />
        </div>
        {!collapsed && <p className="truncate border-t border-base-300 px-4 py-3 text-sm opacity-70">Signed in as {userLabel}</p>}
      </aside>

      {/* Mobile drawer: kept in the DOM for the slide, but invisible (out of the tab order) while closed. */}
      <div className={`md:hidden ${mobileOpen ? "" : "pointer-events-none"}`}>
        <div
          className={`fixed inset-0 z-40 bg-black/50 transition-opacity duration-200 ${mobileOpen ? "opacity-100" : "opacity-0"}`}
          aria-hidden="true"
          onClick={() => $sidebarMobileOpen.set(false)}
        />
        <div
          ref={drawerRef}
          id="admin-sidebar-mobile"
          role="dialog"
          aria-modal="true"
          aria-label="Admin sidebar"
          data-state={mobileOpen ? "open" : "closed"}
          className={`fixed inset-y-0 left-0 z-50 flex w-(--sidebar-width-mobile) max-w-[85vw] flex-col bg-base-200 shadow-xl transition-[transform,visibility] duration-200 ease-out ${
            mobileOpen ? "visible translate-x-0" : "invisible -translate-x-full"
          }`}
        >
          <Brand siteName={siteName} collapsed={false} />
          <div className="flex-1 overflow-y-auto">
            <NavList items={items} currentPath={currentPath} collapsed={false} />
          </div>
          <p className="truncate border-t border-base-300 px-4 py-3 text-sm opacity-70">Signed in as {userLabel}</p>
        </div>
      </div>
    </>
  );
}
