// The server-rendered billing pages (built site, in-process API): /subscriptions offers Cancel for a PAST_DUE plan
// still in its grace days (the download rule's `current`, issue 14 item 14) and shows a lapsed one as ended; /terms
// states the persisted annual price, not a number written in the page (item 17).
import { describe, expect, test } from "bun:test";
import { createUser } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { saveSubscriptionSettings } from "../api/src/modules/settings/service";
import { servedSite } from "./served-site";

const site = servedSite();
const DAY = 86_400_000;

const page = site.page;

describe("/subscriptions", () => {
  test("a PAST_DUE plan in its grace days shows its end date and Cancel; one past them shows Ended, no button", async () => {
    const prisma = await db();
    const member = await createUser();
    const cookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
    const inGrace = await prisma.subscription.create({
      data: { userId: member.id, plan: "ANNUAL", status: "PAST_DUE", endDate: new Date(Date.now() - DAY) },
    });
    const { status, html } = await page("/subscriptions", cookie);
    expect(status).toBe(200);
    expect(html).toContain("PAST DUE");
    expect(html).toContain(`value="${inGrace.id}"`);
    expect(html).toContain("Cancel at period end");
    expect(html).not.toContain("Ended ");

    await prisma.subscription.update({ where: { id: inGrace.id }, data: { endDate: new Date(Date.now() - 4 * DAY) } });
    const lapsed = await page("/subscriptions", cookie);
    expect(lapsed.html).toContain("Ended ");
    expect(lapsed.html).not.toContain("Cancel at period end");
  });
});

describe("/terms", () => {
  test("the annual plan's price is the persisted setting", async () => {
    await saveSubscriptionSettings({ annualPrice: "120.5" });
    const { status, html } = await page("/terms");
    expect(status).toBe(200);
    expect(html).toContain("$120.50 per year");
    expect(html).not.toContain("$99 per year");
    await saveSubscriptionSettings({ annualPrice: "99" });
    expect((await page("/terms")).html).toContain("$99 per year");
  });
});
