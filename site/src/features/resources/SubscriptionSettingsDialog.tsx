// Subscription Settings (SPEC §2 Admin resources): 'Annual Subscription Configuration', the annual price (step
// 0.01, default 99.00), counts of free and premium resources, the note, and Save Configuration — which persists the
// price (PUT /api/settings/subscription), read by the /resources promo card and the resource pages.
import { useId, useState, type FormEvent } from "react";
import { SubscriptionSettingsInputSchema } from "@api/modules/settings/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { checkForm } from "../../lib/forms";

type Props = {
  annualPrice: string;
  freeCount: number;
  premiumCount: number;
  busy: boolean;
  onSave: (annualPrice: string) => void;
  onClose: () => void;
};

export default function SubscriptionSettingsDialog({ annualPrice, freeCount, premiumCount, busy, onSave, onClose }: Props) {
  const [price, setPrice] = useState(annualPrice);
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = price.trim() === "" ? "0" : price.trim();
    const problems = checkForm(SubscriptionSettingsInputSchema, { annualPrice: value });
    setError(problems.annualPrice);
    if (!problems.annualPrice) onSave(value);
  };

  return (
    <Modal open onClose={onClose} title="Subscription Settings">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <h3 className="font-semibold">Annual Subscription Configuration</h3>
        <Field
          id={`${id}-price`}
          label="Annual Price ($)"
          name="annualPrice"
          type="number"
          step="0.01"
          min="0"
          value={price}
          error={error}
          hint="per year"
          onChange={(e) => {
            setPrice(e.target.value);
            setError(undefined);
          }}
        />
        <div className="stats stats-vertical border border-base-300 sm:stats-horizontal">
          <div className="stat">
            <div className="stat-title">Free resources</div>
            <div className="stat-value text-2xl" data-testid="free-count">
              {freeCount}
            </div>
          </div>
          <div className="stat">
            <div className="stat-title">Premium resources</div>
            <div className="stat-value text-2xl" data-testid="premium-count">
              {premiumCount}
            </div>
          </div>
        </div>
        <p className="rounded-box bg-info/10 p-3 text-sm">
          Note: active annual subscribers get unlimited access to all premium resources.
        </p>
        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">
            Save Configuration
          </Button>
        </div>
      </form>
    </Modal>
  );
}
