// Two admins updating one order at once, with Promise.all: both answered 200, the order ends as one of the two writes,
// and each real change has its one timeline event.
import { describe, expect, test } from "bun:test";
import { signedInClient } from "../../../test/client";
import { createOrder, createUser } from "../../../test/factories";
import { db } from "../../db/client";

describe("two admins, one order", () => {
  test("different statuses at once: both 200, the order is one of them, one event per change", async () => {
    const [order, admin, delegate] = await Promise.all([
      createOrder({ orderType: "MERCHANDISE", status: "PENDING" }),
      createUser({ role: "ADMIN" }),
      createUser({ toolAccess: ["order_management"] }),
    ]);
    const [first, second] = await Promise.all([signedInClient(admin), signedInClient(delegate)]);
    const writes = [
      { status: "SHIPPED", trackingNumber: "1Z-FIRST" },
      { status: "CANCELLED", trackingNumber: "" },
    ] as const;
    const responses = await Promise.all([
      first.api.orders({ id: order.id }).patch(writes[0]),
      second.api.orders({ id: order.id }).patch(writes[1]),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const row = await (await db()).order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect([
      { status: "SHIPPED", trackingNumber: "1Z-FIRST" },
      { status: "CANCELLED", trackingNumber: null },
    ]).toContainEqual({ status: row.status, trackingNumber: row.trackingNumber });
    expect(row.events.filter((e) => e.kind === "STATUS_CHANGED")).toHaveLength(2);
  });
});
