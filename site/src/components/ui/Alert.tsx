// daisyUI alerts in one place. An error is announced at once (role="alert"), anything else politely (role="status").
import type { ReactNode } from "react";

// Whole class names, so Tailwind's scanner keeps them.
const TONES = { error: "alert-error", warning: "alert-warning", info: "alert-info", success: "alert-success" } as const;

type Props = { tone?: keyof typeof TONES; className?: string; children: ReactNode };

export default function Alert({ tone = "error", className = "", children }: Props) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`alert ${TONES[tone]} ${className}`}>
      <span>{children}</span>
    </div>
  );
}
