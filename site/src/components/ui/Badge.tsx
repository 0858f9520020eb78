// daisyUI badges in one place. Tone names are ours; the class strings live only here.
import type { ReactNode } from "react";

const TONES = {
  neutral: "badge-neutral",
  primary: "badge-primary",
  success: "badge-success",
  warning: "badge-warning",
  info: "badge-info",
  error: "badge-error",
  secondary: "badge-secondary",
  ghost: "badge-ghost",
} as const;

export type BadgeTone = keyof typeof TONES;

export default function Badge({
  tone = "neutral",
  children,
  className = "",
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={`badge ${TONES[tone]} ${className}`}>{children}</span>;
}
