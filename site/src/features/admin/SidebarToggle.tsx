// The header's sidebar button: collapses/expands the sidebar, or opens the drawer on small screens.
import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { $sidebarMobileOpen, $sidebarOpen, MOBILE_QUERY, toggleSidebar } from "./sidebar-state";
import { PanelLeftIcon } from "./icons";

export default function SidebarToggle({ initialOpen }: { initialOpen: boolean }) {
  const open = useStore($sidebarOpen) ?? initialOpen;
  const mobileOpen = useStore($sidebarMobileOpen);
  const [mobile, setMobile] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  return (
    <button
      type="button"
      data-sidebar-toggle
      className="btn btn-ghost btn-sm btn-square"
      aria-label="Toggle sidebar"
      title="Toggle sidebar (Ctrl+B)"
      aria-controls={mobile ? "admin-sidebar-mobile" : "admin-sidebar"}
      aria-expanded={mobile ? mobileOpen : open}
      onClick={() => toggleSidebar(initialOpen)}
    >
      <PanelLeftIcon />
    </button>
  );
}
