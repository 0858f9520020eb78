// README's "Deploying to production" names what the providers' dashboards need (decision 010, decision 012): the Stripe
// webhook endpoint's API version — the one the Stripe SDK we ship is pinned to, so an SDK upgrade that moves it fails
// here until README follows — its events, and the Printify webhook topics to register.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Stripe from "stripe";
import { RECEIVED_WEBHOOK_TOPICS } from "./modules/printify/shapes";

const README = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
const deploying = README.slice(README.indexOf("## Deploying to production"));

describe("README: deploying", () => {
  test("names the Stripe webhook endpoint's API version: the SDK's pinned apiVersion", () => {
    const pinned = (Stripe as unknown as { API_VERSION: string }).API_VERSION;
    expect(pinned).toMatch(/^\d{4}-\d{2}-\d{2}\.\w+$/);
    expect(deploying).toContain(`API version \`${pinned}\``);
    expect(deploying).toContain("/api/webhooks/stripe");
    for (const event of ["checkout.session.completed", "invoice.paid", "customer.subscription.deleted"]) {
      expect(deploying).toContain(`\`${event}\``);
    }
  });

  test("names the Printify webhook topics to register: the ones Register Webhooks registers", () => {
    expect(RECEIVED_WEBHOOK_TOPICS).toHaveLength(6);
    for (const topic of RECEIVED_WEBHOOK_TOPICS) expect(deploying).toContain(`\`${topic}\``);
  });
});
