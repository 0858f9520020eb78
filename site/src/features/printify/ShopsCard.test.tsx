// The shops card rendered to HTML from a filled query cache: a real shop shows its order webhooks ("n of 4
// registered", or not registered and the missing secret) with Register Webhooks; the demo shop has neither. When the
// webhooks were last verified (a signed delivery or a registration check), and a changed secret (decision 012).
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Shop, SyncRun, WebhookStatus } from "@api/modules/printify/schema";
import ShopsCard from "./ShopsCard";

const TOPICS = ["order:updated", "order:sent-to-production", "order:shipment:created", "order:shipment:delivered"];
const status = (registered: string[], secretConfigured = true, more: Partial<WebhookStatus> = {}): WebhookStatus => ({
  url: "https://shop.example/api/webhooks/printify",
  topics: TOPICS,
  registered,
  secretConfigured,
  secretChanged: false,
  registeredAt: null,
  lastVerified: null,
  ...more,
});

function render(shops: Shop[], statuses: Record<string, WebhookStatus>, summaries: Record<string, SyncRun> = {}) {
  const client = new QueryClient();
  for (const [shopId, s] of Object.entries(statuses)) client.setQueryData(["printify", "webhooks", shopId], s);
  // React marks text boundaries with empty comments; drop them to read the text.
  return renderToString(
    <QueryClientProvider client={client}>
      <ShopsCard
        shops={shops}
        loading={false}
        failed={null}
        syncing={null}
        progress={null}
        summaries={summaries}
        onSync={() => {}}
      />
    </QueryClientProvider>,
  ).replaceAll("<!-- -->", "");
}

const shop = (id: number, demo = false): Shop => ({ id, title: `Shop ${id}`, sales_channel: "custom_integration", demo });

describe("ShopsCard: order webhooks", () => {
  test("each real shop shows its webhook status and Register Webhooks; the demo shop neither", () => {
    const html = render([shop(1), shop(2), shop(3, true)], { "1": status(TOPICS.slice(0, 3)), "2": status([], false) });
    expect(html).toContain("Order webhooks: 3 of 4 registered");
    expect(html).toContain("Order webhooks: not registered (set PRINTIFY_WEBHOOK_SECRET)");
    expect(html.match(/>Register Webhooks</g)).toHaveLength(2);
    expect(html).not.toContain('data-testid="webhook-status-3"');
  });
});

describe("ShopsCard: webhook verification and a changed secret", () => {
  test("says when the webhooks were last verified, and by what", () => {
    const html = render([shop(1), shop(2), shop(3), shop(4)], {
      "1": status(TOPICS, true, {
        registeredAt: "2026-11-20T09:00:00.000Z",
        lastVerified: { at: "2026-11-28T13:05:00.000Z", by: "delivery" },
      }),
      "2": status(TOPICS, true, {
        registeredAt: "2026-11-27T08:30:00.000Z",
        lastVerified: { at: "2026-11-27T08:31:00.000Z", by: "check" },
      }),
      "3": status(TOPICS, true),
      "4": status([], true),
    });
    expect(html).toContain("Last verified Nov 28, 2026 13:05 UTC (a signed delivery)");
    expect(html).toContain("Last verified Nov 27, 2026 08:31 UTC (registration check)");
    expect(html.match(/Never verified/g)).toHaveLength(1); // shop 4 has nothing registered to verify
  });

  test("a changed secret is said, with what to do; no stale 'last verified' beside it", () => {
    const html = render([shop(1)], {
      "1": status(TOPICS, true, { secretChanged: true, registeredAt: "2026-11-20T09:00:00.000Z" }),
    });
    expect(html).toContain(
      "PRINTIFY_WEBHOOK_SECRET changed since these webhooks were registered: Register Webhooks to replace them.",
    );
    expect(html).not.toContain("Last verified");
    expect(html).toMatch(/role="alert"/);
  });
});

describe("ShopsCard: which products a sync takes", () => {
  test("products hidden in Printify are left out unless the admin ticks 'Include products hidden in Printify'", () => {
    const html = render([shop(1)], { "1": status([]) });
    // The input inside its label: the label names it.
    expect(html).toMatch(
      /<label [^>]*><input type="checkbox" class="checkbox checkbox-sm"\/>Include products hidden in Printify<\/label>/,
    );
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
  });
});

describe("ShopsCard: the last sync's summary", () => {
  test("mock-ups that could not be fetched are counted beside the summary", () => {
    const run: SyncRun = {
      id: "r",
      shopId: "1",
      status: "SUCCEEDED",
      total: 3,
      processed: 3,
      added: 0,
      updated: 1,
      unavailable: 0,
      imagesFailed: 2,
      error: null,
      startedAt: new Date(0).toISOString(),
      finishedAt: new Date(0).toISOString(),
      message: null,
    };
    expect(render([shop(1)], { "1": status([]) }, { "1": run })).toContain(
      "Last sync: 3 products — 0 added, 1 updated, 0 now unavailable. 2 images could not be fetched from Printify (previous copies kept).",
    );
  });
});
