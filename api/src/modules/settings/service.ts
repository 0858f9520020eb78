// Site settings (one `settings` row, id "default"): the annual subscription price. Plain functions; the row is
// created on the first save, so reading before any save answers SPEC's default.
import { db } from "../../db/client";
import { DEFAULT_ANNUAL_PRICE, type SubscriptionSettings, type SubscriptionSettingsInput } from "./schema";
import { dollars } from "../../lib/money";

const SETTINGS_ID = "default";

export async function getSubscriptionSettings(): Promise<SubscriptionSettings> {
  const row = await (await db()).settings.findUnique({ where: { id: SETTINGS_ID }, select: { annualSubscriptionPrice: true } });
  return { annualPrice: row ? dollars(row.annualSubscriptionPrice) : DEFAULT_ANNUAL_PRICE };
}

export async function saveSubscriptionSettings(input: SubscriptionSettingsInput): Promise<SubscriptionSettings> {
  const annualSubscriptionPrice = dollars(input.annualPrice);
  await (await db()).settings.upsert({
    where: { id: SETTINGS_ID },
    create: { id: SETTINGS_ID, annualSubscriptionPrice },
    update: { annualSubscriptionPrice },
  });
  return getSubscriptionSettings();
}
