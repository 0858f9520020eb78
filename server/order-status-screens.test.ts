// Every screen that shows an order's status shows it in SPEC §4's colours, from the one vocabulary
// (site/src/features/orders/order-status.ts): /admin (recent orders), /admin/invoices, /subscriptions (the buyer's
// store orders), as the server renders them, and the order card of /admin/orders. The expected tones are written
// here from SPEC, not read from the map under test: a screen with its own colours fails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { OrderStatus } from "../api/src/modules/orders/schema";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";
import { createOrder, createUser, unique } from "../api/test/factories";
import OrderCard from "../site/src/features/orders/OrderCard";
import { loadAstroApp, startServer } from "./front";

/** SPEC §4: completed green, pending yellow, processing blue, shipped purple, cancelled red (daisyUI's tones). */
const SPEC_TONES: Record<OrderStatus, { label: string; badge: string }> = {
  PENDING: { label: "Pending", badge: "badge-warning" },
  PROCESSING: { label: "Processing", badge: "badge-info" },
  SHIPPED: { label: "Shipped", badge: "badge-primary" },
  COMPLETED: { label: "Completed", badge: "badge-success" },
  CANCELLED: { label: "Cancelled", badge: "badge-error" },
};
const STATUSES = Object.keys(SPEC_TONES) as OrderStatus[];

let server: Server<undefined>;
let base: string;
const cookies = { admin: "", member: "" };
const marker = unique("status-screens");
/** One store order per status, the newest orders of all (the dashboard lists the five newest). */
const orders = new Map<OrderStatus, { id: string; email: string }>();

beforeAll(async () => {
  const admin = await createUser({ role: "ADMIN" });
  const member = await createUser({});
  cookies.admin = `${SESSION_COOKIE}=${(await createSession(admin.id)).token}`;
  cookies.member = `${SESSION_COOKIE}=${(await createSession(member.id)).token}`;
  for (const [i, status] of STATUSES.entries()) {
    const email = `${marker}-${status.toLowerCase()}@example.com`;
    const order = await createOrder({
      orderType: "MERCHANDISE",
      status,
      userId: member.id,
      customerEmail: email,
      variantTitle: `${marker} ${status}`,
      createdAt: new Date(Date.UTC(2199, 0, 1, 0, i)),
    });
    orders.set(status, { id: order.id, email });
  }
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  server.stop(true);
  // Newest of all until they go: other files' lists and dashboard figures count from their own orders.
  await (await db()).order.deleteMany({ where: { id: { in: [...orders.values()].map((o) => o.id) } } });
});

const page = async (path: string, as: keyof typeof cookies) => {
  const res = await fetch(`${base}${path}`, { headers: { cookie: cookies[as] } });
  expect(res.status).toBe(200);
  return res.text();
};

/** The first badge after `anchor` and before `end`: its tone class and its text. */
function badgeAfter(html: string, anchor: string, end: string): { badge: string; label: string } | null {
  const from = html.indexOf(anchor);
  if (from < 0) return null;
  const to = html.indexOf(end, from);
  const found = /<span class="badge (badge-[a-z]+)[^"]*">([^<]*)<\/span>/.exec(html.slice(from, to < 0 ? undefined : to));
  return found ? { badge: found[1]!, label: found[2]! } : null;
}

describe("an order's status reads the same on every screen (SPEC §4)", () => {
  test("/admin, recent orders", async () => {
    const html = await page("/admin", "admin");
    for (const status of STATUSES) {
      expect({ status, shown: badgeAfter(html, orders.get(status)!.email, "</li>") }).toEqual({
        status,
        shown: SPEC_TONES[status],
      });
    }
  });

  test("/admin/invoices, the payments table", async () => {
    const html = await page(`/admin/invoices?email=${encodeURIComponent(marker)}`, "admin");
    for (const status of STATUSES) {
      expect({ status, shown: badgeAfter(html, orders.get(status)!.email, "</tr>") }).toEqual({
        status,
        shown: SPEC_TONES[status],
      });
    }
  });

  test("/subscriptions, the buyer's store orders", async () => {
    const html = await page("/subscriptions", "member");
    for (const status of STATUSES) {
      const title = `Order #${orders.get(status)!.id.slice(0, 8)}`;
      expect({ status, shown: badgeAfter(html, title, 'data-testid="store-order"') }).toEqual({
        status,
        shown: SPEC_TONES[status],
      });
    }
  });

  test("/admin/orders, the order card", () => {
    for (const status of STATUSES) {
      const html = renderToString(
        createElement(OrderCard, {
          order: {
            id: orders.get(status)!.id,
            customerName: null,
            customerEmail: orders.get(status)!.email,
            orderType: "MERCHANDISE",
            amount: "25.00",
            status,
            trackingNumber: null,
            shippingAddress: null,
            variantTitle: null,
            createdAt: "2199-01-01T00:00:00.000Z",
            printifyOrderId: null,
            submissionError: null,
            printifyStatus: null,
            itemTitle: null,
            stripeUrl: null,
            refundDue: false,
            refundedAt: null,
            printifyAlert: null,
          },
          actions: null,
        }),
      );
      expect({ status, shown: badgeAfter(html, "Order #", "\u0000") }).toEqual({ status, shown: SPEC_TONES[status] });
    }
  });
});
