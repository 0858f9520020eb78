// The toast viewport (SPEC §2 "toast area"): bottom-right, one toast at a time, F8 focuses it.
import { useEffect, useRef } from "react";
import { useStore } from "@nanostores/react";
import { $toasts, dismissToast, showFlashedToast } from "../../stores/toast";

export default function Toaster() {
  const toasts = useStore($toasts);
  const region = useRef<HTMLOListElement>(null);

  useEffect(showFlashedToast, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ol ref={region} tabIndex={-1} aria-label="Notifications (F8)" className="toast toast-end toast-bottom z-50 outline-none">
      {toasts.map((t) => (
        <li
          key={t.id}
          role="status"
          aria-live="polite"
          className={`alert ${t.variant === "destructive" ? "alert-error" : "bg-base-200"} w-80 max-w-[90vw] items-start shadow-lg`}
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="text-sm opacity-90">{t.description}</p>}
          </div>
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Close" onClick={() => dismissToast(t.id)}>
            ✕
          </button>
        </li>
      ))}
    </ol>
  );
}
