// How operations read on screen: job states and webhook statuses as labels with badge tones, the providers' names.
// Each map covers its whole union from the contract (`satisfies Record<…>`): a value added to the API breaks tsc here.
import type { JobState, WebhookProvider, WebhookStatus } from "@api/modules/operations/schema";
import type { BadgeTone } from "../../components/ui/Badge";

type Shown = { label: string; tone: BadgeTone };

export const JOB_STATE = {
  failed: { label: "Failed", tone: "error" },
  retry: { label: "Retrying", tone: "warning" },
} satisfies Record<JobState, Shown>;

export const WEBHOOK_STATUS = {
  RECEIVED: { label: "Received", tone: "warning" },
  PROCESSED: { label: "Processed", tone: "success" },
  FAILED: { label: "Failed", tone: "error" },
} satisfies Record<WebhookStatus, Shown>;

export const PROVIDER_LABELS = { stripe: "Stripe", printify: "Printify" } satisfies Record<WebhookProvider, string>;

/** Ids are long: the first 8 characters name a job on screen (the full id is in its accessible name's context). */
export const shortId = (id: string) => id.slice(0, 8);
