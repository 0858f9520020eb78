// The entitlement rule (docs/decisions/009): the matrix of who may download a premium resource — anonymous,
// member, buyer (paid and unpaid orders), monthly (this and another resource), annual, past-due in and after the
// grace period, canceled, expired, admin, resources delegate and other delegates — against a real database.
import { beforeAll, describe, expect, test } from "bun:test";
import { db } from "../../db/client";
import { createUser } from "../../../test/factories";
import { downloadableIds, mayDownload, PAST_DUE_GRACE_MS } from ".";

const DAY = 24 * 3600 * 1000;
const NOW = new Date("2026-11-23T12:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function createResource(accessLevel: "FREE" | "PREMIUM") {
  return (await db()).resource.create({
    data: {
      title: "Kit",
      description: "A kit",
      type: "TOOL",
      accessLevel,
      oneTimePrice: accessLevel === "PREMIUM" ? "10.00" : null,
    },
    select: { id: true, accessLevel: true },
  });
}
async function subscribe(
  userId: string,
  data: {
    plan: "MONTHLY" | "ANNUAL";
    status?: "ACTIVE" | "PAST_DUE" | "CANCELED" | "EXPIRED";
    endDate: Date;
    resourceId?: string;
  },
) {
  await (await db()).subscription.create({ data: { userId, status: "ACTIVE", ...data } });
}
async function order(
  userId: string,
  resourceId: string,
  status: "PENDING" | "COMPLETED" | "CANCELLED",
  orderType: "RESOURCE_ONETIME" | "RESOURCE_MONTHLY" = "RESOURCE_ONETIME",
) {
  await (await db()).order.create({
    data: { userId, resourceId, status, orderType, customerEmail: "buyer@example.com", amount: "10.00" },
  });
}

let premium: { id: string; accessLevel: "FREE" | "PREMIUM" };
let other: { id: string; accessLevel: "FREE" | "PREMIUM" };
let free: { id: string; accessLevel: "FREE" | "PREMIUM" };
beforeAll(async () => {
  [premium, other, free] = await Promise.all([createResource("PREMIUM"), createResource("PREMIUM"), createResource("FREE")]);
});

describe("mayDownload", () => {
  test("free resources: everyone, signed in or not", async () => {
    expect(await mayDownload(null, free, NOW)).toBe(true);
    expect(await mayDownload(await createUser(), free, NOW)).toBe(true);
  });

  test("anonymous and a plain member: no", async () => {
    expect(await mayDownload(null, premium, NOW)).toBe(false);
    expect(await mayDownload(await createUser(), premium, NOW)).toBe(false);
  });

  test("ADMIN and resources delegates: yes; other delegates: no", async () => {
    expect(await mayDownload(await createUser({ role: "ADMIN" }), premium, NOW)).toBe(true);
    expect(await mayDownload(await createUser({ toolAccess: ["resources"] }), premium, NOW)).toBe(true);
    expect(await mayDownload(await createUser({ toolAccess: ["projects", "order_management"] }), premium, NOW)).toBe(false);
  });

  test("buyer: a COMPLETED one-time order for this resource; pending, cancelled or other orders grant nothing", async () => {
    const buyer = await createUser();
    await order(buyer.id, premium.id, "COMPLETED");
    expect(await mayDownload(buyer, premium, NOW)).toBe(true);
    expect(await mayDownload(buyer, other, NOW)).toBe(false);
    // one-time means lifetime access (SPEC §9)
    expect(await mayDownload(buyer, premium, at(3650 * DAY))).toBe(true);

    const pending = await createUser();
    await order(pending.id, premium.id, "PENDING");
    await order(pending.id, premium.id, "CANCELLED");
    await order(pending.id, premium.id, "COMPLETED", "RESOURCE_MONTHLY"); // a monthly payment: the subscription decides
    expect(await mayDownload(pending, premium, NOW)).toBe(false);
  });

  test("monthly: an active plan for this resource only, until its period ends", async () => {
    const member = await createUser();
    await subscribe(member.id, { plan: "MONTHLY", resourceId: premium.id, endDate: at(20 * DAY) });
    expect(await mayDownload(member, premium, NOW)).toBe(true);
    expect(await mayDownload(member, other, NOW)).toBe(false);
    expect(await mayDownload(member, premium, at(21 * DAY))).toBe(false);
  });

  test("annual: every premium resource while active", async () => {
    const member = await createUser();
    await subscribe(member.id, { plan: "ANNUAL", endDate: at(300 * DAY) });
    expect(await mayDownload(member, premium, NOW)).toBe(true);
    expect(await mayDownload(member, other, NOW)).toBe(true);
    expect(await mayDownload(member, premium, at(301 * DAY))).toBe(false);
  });

  test("past due: access inside the grace period after the paid period, none after it", async () => {
    const member = await createUser();
    await subscribe(member.id, { plan: "ANNUAL", status: "PAST_DUE", endDate: at(-DAY) });
    expect(PAST_DUE_GRACE_MS).toBe(3 * DAY);
    expect(await mayDownload(member, premium, NOW)).toBe(true);
    expect(await mayDownload(member, premium, at(2 * DAY - 1000))).toBe(true);
    expect(await mayDownload(member, premium, at(2 * DAY + 1000))).toBe(false);
  });

  test("canceled, expired and lapsed plans grant nothing", async () => {
    const member = await createUser();
    await subscribe(member.id, { plan: "ANNUAL", status: "CANCELED", endDate: at(100 * DAY) });
    await subscribe(member.id, { plan: "ANNUAL", status: "EXPIRED", endDate: at(100 * DAY) });
    await subscribe(member.id, { plan: "ANNUAL", endDate: at(-DAY) });
    expect(await mayDownload(member, premium, NOW)).toBe(false);
  });

  test("a page at once (downloadableIds) answers the same as one by one", async () => {
    const member = await createUser();
    await subscribe(member.id, { plan: "MONTHLY", resourceId: other.id, endDate: at(DAY) });
    const ids = await downloadableIds(member, [premium, other, free], NOW);
    expect([...ids].sort()).toEqual([other.id, free.id].sort());
    for (const r of [premium, other, free]) expect(await mayDownload(member, r, NOW)).toBe(ids.has(r.id));
  });
});
