// Settings routes: the annual subscription price is public (the /resources promo card); saving it belongs to the
// `resources` section (SPEC §2 Subscription Settings, "Save Configuration").
import { Elysia } from "elysia";
import { errorResponses } from "../../lib/http-schema";
import { authPlugin } from "../auth/guard";
import { SubscriptionSettingsInputSchema, SubscriptionSettingsSchema } from "./schema";
import { getSubscriptionSettings, saveSubscriptionSettings } from "./service";

export const settingsModule = new Elysia({ name: "settings", tags: ["settings"], prefix: "/settings" })
  .use(authPlugin)
  .get("/subscription", () => getSubscriptionSettings(), {
    response: { 200: SubscriptionSettingsSchema },
    detail: { summary: "The annual subscription price (dollars, 2 decimals)" },
  })
  // One method for one replacement of the whole setting: PUT, as the admin dialog sends it (SPEC §7 shows no call).
  .put("/subscription", ({ body }) => saveSubscriptionSettings(body), {
    section: "resources",
    body: SubscriptionSettingsInputSchema,
    response: { 200: SubscriptionSettingsSchema, ...errorResponses(400, 401, 403) },
    detail: { summary: "Save the annual subscription price" },
  });
