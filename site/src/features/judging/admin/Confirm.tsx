// A destructive step said before it is taken: the warning, Cancel, and "Confirm: …" (busy while it runs). The admin
// Judging dialog's tabs confirm every removal, voiding and publication with it.
import type { ReactNode } from "react";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";

export default function Confirm({
  label,
  warning,
  confirm,
  busy,
  danger = true,
  onConfirm,
  onCancel,
  children,
}: {
  label: string;
  warning: ReactNode;
  confirm: string;
  busy: { busy: boolean; busyLabel: string };
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-label={label} className="flex w-full flex-col gap-2">
      <Alert tone="warning">{warning}</Alert>
      {children}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant={danger ? "danger" : "primary"} {...busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </fieldset>
  );
}
