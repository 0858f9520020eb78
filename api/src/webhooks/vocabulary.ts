// The webhook ledger's words (ledger.ts): which providers send us signed events, and where each event stands. Plain
// lists, no TypeBox: the operations contract builds its schemas from them and the site reads them through it.

export const WEBHOOK_PROVIDERS = ["stripe", "printify"] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];
/** RECEIVED: recorded, not handled yet (or its process stopped mid-way); FAILED: handling threw, with the error. */
export const WEBHOOK_STATUSES = ["RECEIVED", "PROCESSED", "FAILED"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
