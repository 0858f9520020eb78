// The server-rendered billing pages (built site, in-process API): /subscriptions offers Cancel for a PAST_DUE plan
// still in its grace days (the download rule's `current`, decision 009) and shows a lapsed one as ended, and lists the
// member's store orders (badge, current step, tracking links; no one else's); /terms states the persisted annual price,
// not a number written in the page (decision 009); a list longer than a page continues on the next.
import { describe, expect, test } from "bun:test";
import { createMerchandise, createOrder, createUser } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { BILLING_PAGE_SIZE } from "../api/src/modules/billing/schema";
import { saveSubscriptionSettings } from "../api/src/modules/settings/service";
import { servedSite } from "../api/test/served-site";
import { pagesChanged } from "../api/src/db/page-changes";
import { tagsChangedBy } from "../api/src/lib/page-tags";

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

describe("/subscriptions store orders", () => {
  const UPS = "https://www.ups.com/track?tracknum=1Z999AA10123456784";
  /** The `<li>` of the progress list marked as the current step, as text. */
  const currentStep = (html: string) =>
    /<li[^>]*aria-current="step"[^>]*>([\s\S]*?)<\/li>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim();

  test("a member's shipped order: product link, badge, current step, tracking link, delivery date; no one else's", async () => {
    const [member, other, product] = await Promise.all([createUser(), createUser(), createMerchandise()]);
    const cookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
    const merch = { orderType: "MERCHANDISE" as const, customerEmail: member.email, shippingAddress: "7 Secret Row, Leeds" };
    const order = await createOrder({
      ...merch,
      userId: member.id,
      merchandiseId: product.id,
      variantTitle: "Black / M",
      quantity: 2,
      amount: "48.00",
      status: "SHIPPED",
      shipments: [
        { carrier: "UPS", number: "1Z999AA10123456784", url: UPS, deliveredAt: null },
        { carrier: "USPS", number: "9400111899223", url: "javascript:alert(1)", deliveredAt: "2026-11-02 14:05:00+00:00" },
      ],
      trackingNumber: "9400111899223",
    });
    const guests = await createOrder({ ...merch, userId: null, merchandiseId: product.id });
    const others = await createOrder({ ...merch, userId: other.id, customerEmail: other.email });

    const { status, html } = await page("/subscriptions", cookie);
    expect(status).toBe(200);
    expect(html).toContain("Store orders");
    expect(html).toContain(`Order #${order.id.slice(0, 8)}`);
    expect(html).toContain(`href="/merchandise/${product.id}"`);
    expect(html).toContain(product.title);
    expect(html).toContain("Black / M");
    expect(html).toContain("Quantity 2");
    expect(html).toContain("$48.00");
    // SPEC §4: shipped is purple — the site's order status map (badge-primary, the themes' violet).
    expect(html).toMatch(/class="badge badge-primary[^"]*">Shipped<\/span>/);
    expect(currentStep(html)).toMatch(/^● Shipped\s*→$/);
    // Each shipment: carrier and number linking to the carrier's page, in a new tab without an opener.
    expect(html).toMatch(
      /<a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA10123456784"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*>UPS 1Z999AA10123456784/,
    );
    // A URL that is not http(s) is no link; the delivery date still shows.
    expect(html).not.toContain("javascript:");
    expect(html).toContain("USPS 9400111899223");
    expect(html).toContain("Delivered on");
    expect(html).toContain("Nov 02, 2026");
    for (const hidden of [guests.id.slice(0, 8), others.id.slice(0, 8), "7 Secret Row"]) expect(html).not.toContain(hidden);
  });

  test("a tracking number an admin typed (no shipment) shows; a cancelled order has no steps; none: a link to the store", async () => {
    const member = await createUser();
    const cookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
    const empty = await page("/subscriptions", cookie);
    expect(empty.html).toContain("No store orders yet.");
    expect(empty.html).toMatch(/<a href="\/merchandise"[^>]*>Visit the store<\/a>/);

    const merch = { orderType: "MERCHANDISE" as const, customerEmail: member.email, userId: member.id };
    await createOrder({
      ...merch,
      status: "SHIPPED",
      trackingNumber: "ADMIN-42",
      trackingUrl: "https://carrier.example/t/ADMIN-42",
    });
    const { html } = await page("/subscriptions", cookie);
    expect(html).toContain("A product no longer in the store");
    expect(html).toMatch(/<a href="https:\/\/carrier\.example\/t\/ADMIN-42"[^>]*rel="noopener noreferrer"[^>]*>ADMIN-42/);

    const prisma = await db();
    await prisma.order.updateMany({ where: { userId: member.id }, data: { status: "CANCELLED" } });
    const cancelled = await page("/subscriptions", cookie);
    expect(cancelled.html).toMatch(/class="badge badge-error[^"]*">Cancelled<\/span>/);
    expect(cancelled.html).not.toContain('aria-current="step"');
  });
});

describe("/subscriptions pages (keyset pages, decision 008)", () => {
  /** The href of the named "More …" link, unescaped, or null. */
  const moreLink = (html: string, name: string) =>
    new RegExp(`<a href="([^"]+)"[^>]*data-load-more="${name}"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;

  test("more store orders than a page: the first page, a More store orders link to the rest, the rest after it", async () => {
    const member = await createUser();
    const cookie = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
    const count = BILLING_PAGE_SIZE + 3;
    const orders = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      userId: member.id,
      orderType: "MERCHANDISE" as const,
      customerEmail: member.email,
      amount: "10.00",
      createdAt: new Date(Date.UTC(2026, 3, 1, 0, i)),
    }));
    await (await db()).order.createMany({ data: orders });
    const shown = (html: string) => orders.filter((o) => html.includes(`Order #${o.id.slice(0, 8)}`)).map((o) => o.id);

    const first = await page("/subscriptions", cookie);
    expect(first.status).toBe(200);
    const newest = [...orders].reverse().map((o) => o.id);
    expect(shown(first.html).sort()).toEqual(newest.slice(0, BILLING_PAGE_SIZE).sort());
    expect(moreLink(first.html, "plans")).toBeNull();
    expect(moreLink(first.html, "purchases")).toBeNull();
    const next = moreLink(first.html, "orders");
    expect(next).toStartWith("/subscriptions?orders=");

    const second = await page(next!, cookie);
    expect(second.status).toBe(200);
    expect(shown(second.html).sort()).toEqual(newest.slice(BILLING_PAGE_SIZE).sort());
    expect(moreLink(second.html, "orders")).toBeNull();
    expect((await page("/subscriptions?orders=not-ours", cookie)).status).toBe(400);
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
    await pagesChanged(tagsChangedBy("PUT", "/api/settings/subscription")); // as that write route does (server/front.ts)
    expect((await page("/terms")).html).toContain("$99 per year");
  });
});
