// A shop's order webhooks (decision 012): how many of the order events Printify sends us, and Register Webhooks; when
// they were last verified (a delivery signed with our secret, or the last registration check), and a
// PRINTIFY_WEBHOOK_SECRET that changed since they were registered (decision 012: deliveries then fail until
// Register Webhooks replaces them).
import type { WebhookStatus } from "@api/modules/printify/schema";
import Button from "../../components/ui/Button";
import { failureToast } from "../../lib/failure-toast";
import { formatMoment } from "../../lib/format";
import { toast } from "../../stores/toast";
import { useRegisterWebhooks, useWebhookStatus } from "./printify.queries";

export default function ShopWebhooks({ shopId }: { shopId: string }) {
  const { data, isError } = useWebhookStatus(shopId);
  const register = useRegisterWebhooks(shopId);
  const n = data?.registered.length ?? 0;
  const registered = n ? `${n} of ${data?.topics.length} registered` : "not registered";
  const state = data ? registered : isError ? "status unavailable" : "checking...";
  const onRegister = () =>
    register.mutate(undefined, {
      onSuccess: (result) => toast({ title: "Webhooks Registered", description: result.message }),
      onError: (error) => failureToast(error, "Failed to register webhooks with Printify", "Webhook Registration Failed"),
    });
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid={`webhook-status-${shopId}`} title={data?.url}>
          Order webhooks: {state}
          {data?.secretConfigured === false && " (set PRINTIFY_WEBHOOK_SECRET)"}
        </span>
        <Button size="xs" variant="outline" busy={register.isPending} busyLabel="Registering..." onClick={onRegister}>
          Register Webhooks
        </Button>
      </div>
      {data && <Verification status={data} />}
    </div>
  );
}

/** The latest proof the webhooks work, or the changed secret that stops them. */
function Verification({ status }: { status: WebhookStatus }) {
  if (status.secretChanged) {
    return (
      <p role="alert" className="alert alert-warning px-3 py-2 text-sm">
        PRINTIFY_WEBHOOK_SECRET changed since these webhooks were registered: Register Webhooks to replace them.
      </p>
    );
  }
  if (status.registered.length === 0) return null;
  return (
    <p className="opacity-70">
      {status.lastVerified
        ? `Last verified ${formatMoment(status.lastVerified.at)} (${status.lastVerified.by === "delivery" ? "a signed delivery" : "registration check"})`
        : "Never verified"}
    </p>
  );
}
