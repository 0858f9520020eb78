// A checkbox with its label beside it (daisyUI checkbox): the label text is the box's accessible name.
import type { InputHTMLAttributes, ReactNode } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode };

export default function Checkbox({ label, className = "", ...input }: Props) {
  return (
    <label className={`label cursor-pointer gap-2 whitespace-normal text-base-content ${className}`}>
      <input type="checkbox" className="checkbox" {...input} />
      {label}
    </label>
  );
}
