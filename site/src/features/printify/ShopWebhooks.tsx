// A shop's order webhooks (decision 012): how many of the order events Printify sends us, and Register Webhooks.
import Button from "../../components/ui/Button";
import { failureToast } from "../../lib/failure-toast";
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
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span data-testid={`webhook-status-${shopId}`} title={data?.url}>
        Order webhooks: {state}
        {data?.secretConfigured === false && " (set PRINTIFY_WEBHOOK_SECRET)"}
      </span>
      <Button size="xs" variant="outline" busy={register.isPending} busyLabel="Registering..." onClick={onRegister}>
        Register Webhooks
      </Button>
    </div>
  );
}
