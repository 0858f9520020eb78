// daisyUI buttons in one place. `busyLabel` replaces the label and disables the button while `busy`
// (SPEC §4 "Forms show busy state while submitting").
import type { ButtonHTMLAttributes, ReactNode } from "react";

const VARIANTS = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  danger: "btn-error",
} as const;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: "xs" | "sm" | "md" | "lg";
  busy?: boolean;
  busyLabel?: ReactNode;
  block?: boolean;
};

export default function Button({
  variant = "primary",
  size = "md",
  busy = false,
  busyLabel,
  block,
  className = "",
  children,
  disabled,
  type = "button",
  ...rest
}: Props) {
  const sizeClass = size === "md" ? "" : `btn-${size}`;
  return (
    <button
      type={type}
      className={`btn ${VARIANTS[variant]} ${sizeClass} ${block ? "btn-block" : ""} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
