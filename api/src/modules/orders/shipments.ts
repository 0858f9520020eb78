// An order's parcels as stored (the `orders.shipments` jsonb, merged from Printify's events by tracking.ts): one reader
// for every place that reads them — the merge itself, the shipped mail, the admin timeline and the buyer's
// /subscriptions. Only well-formed entries come out, with the contract's fields only, whatever else is stored.
import type { Prisma } from "../../generated/prisma/client";
import type { Shipment } from "./schema";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

export function readShipments(value: Prisma.JsonValue | null | undefined): Shipment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== "object" || Array.isArray(item)) return [];
    const s = item as Record<string, unknown>;
    const carrier = text(s.carrier);
    const number = text(s.number);
    if (!carrier || !number) return [];
    return [{ carrier, number, url: text(s.url), deliveredAt: text(s.deliveredAt ?? s.delivered_at) }];
  });
}
