// Subscription Settings (SPEC §2 Admin resources): 'Annual Subscription Configuration', the annual price (step
// 0.01, default 99.00), counts of free and premium resources, the note, and Save Configuration — which persists the
// price (PUT /api/settings/subscription), read by the /resources promo card and the resource pages.
import { useId, useState, type FormEvent } from "react";
import { SubscriptionSettingsInputSchema } from "@api/modules/settings/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { checkForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";

type Props = {
  annualPrice: string;
  freeCount: number;
  premiumCount: number;
  /** Saves the price; rejects with the API's error (the dialog then stays open with the typed price). */
  onSave: (annualPrice: string) => Promise<unknown>;
  onClose: () => void;
};

export default function SubscriptionSettingsDialog({ annualPrice, freeCount, premiumCount, onSave, onClose }: Props) {
  const [price, setPrice] = useState(annualPrice);
  const [error, setError] = useState<string | undefined>();
  const submit = useSubmit("Saving...");
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submit.busy) return;
    const value = price.trim() === "" ? "0" : price.trim();
    const problems = checkForm(SubscriptionSettingsInputSchema, { annualPrice: value });
    setError(problems.annualPrice);
    if (problems.annualPrice) return;
    await submit.run(() => onSave(value), {
      failure: { title: "Failed to save subscription settings", fallback: "Please try again" },
      onSuccess: () => {
        toast({ title: "Subscription settings saved" });
        onClose();
      },
    });
  };

  return (
    <Modal open onClose={onClose} title="Subscription Settings">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
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
          <Button type="submit" {...submit.button}>
            Save Configuration
          </Button>
        </div>
      </form>
    </Modal>
  );
}
