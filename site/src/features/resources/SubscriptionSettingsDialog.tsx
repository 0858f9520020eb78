// Subscription Settings (SPEC §2 Admin resources): 'Annual Subscription Configuration', the annual price (step
// 0.01, default 99.00), counts of free and premium resources, the note, and Save Configuration — which persists the
// price (PUT /api/settings/subscription), read by the /resources promo card and the resource pages.
import { SubscriptionSettingsInputSchema } from "@api/modules/settings/schema";
import Field from "../../components/ui/Field";
import { checkForm } from "../../lib/forms";
import FormDialog, { useFormDialog } from "../admin/FormDialog";

type Props = {
  annualPrice: string;
  /** Undefined while the counts load. */
  freeCount: number | undefined;
  premiumCount: number | undefined;
  /** Saves the price; rejects with the API's error (the dialog then stays open with the typed price). */
  onSave: (annualPrice: string) => Promise<unknown>;
  onClose: () => void;
};

/** A blank price is 0 (the contract then words what is wrong with it). */
const priceOf = (text: string) => (text.trim() === "" ? "0" : text.trim());

export default function SubscriptionSettingsDialog({ annualPrice, freeCount, premiumCount, onSave, onClose }: Props) {
  const form = useFormDialog(
    { annualPrice },
    {
      check: (v) => checkForm(SubscriptionSettingsInputSchema, { annualPrice: priceOf(v.annualPrice) }),
      save: (v) => onSave(priceOf(v.annualPrice)),
      busyLabel: "Saving...",
      failure: { title: "Failed to save subscription settings", fallback: "Please try again" },
      success: "Subscription settings saved",
      onClose,
    },
  );

  return (
    <FormDialog
      title="Subscription Settings"
      submitLabel="Save Configuration"
      dialog={form}
      onClose={onClose}
      className="flex flex-col gap-4"
    >
      <h3 className="font-semibold">Annual Subscription Configuration</h3>
      <Field label="Annual Price ($)" type="number" step="0.01" min="0" hint="per year" {...form.field("annualPrice")} />
      <div className="stats stats-vertical border border-base-300 sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">Free resources</div>
          <div className="stat-value text-2xl" data-testid="free-count">
            {freeCount ?? <span className="loading loading-dots loading-sm" role="status" aria-label="Loading" />}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title">Premium resources</div>
          <div className="stat-value text-2xl" data-testid="premium-count">
            {premiumCount ?? <span className="loading loading-dots loading-sm" role="status" aria-label="Loading" />}
          </div>
        </div>
      </div>
      <p className="rounded-box bg-info/10 p-3 text-sm">
        Note: active annual subscribers get unlimited access to all premium resources.
      </p>
    </FormDialog>
  );
}
