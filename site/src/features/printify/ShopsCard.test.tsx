// The shops card rendered to HTML from a filled query cache: a real shop shows its order webhooks ("n of 4
// registered", or not registered and the missing secret) with Register Webhooks; the demo shop has neither.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Shop, SyncRun, WebhookStatus } from "@api/modules/printify/schema";
import ShopsCard from "./ShopsCard";

const TOPICS = ["order:updated", "order:sent-to-production", "order:shipment:created", "order:shipment:delivered"];
const status = (registered: string[], secretConfigured = true): WebhookStatus => ({
  url: "https://shop.example/api/webhooks/printify",
  topics: TOPICS,
  registered,
  secretConfigured,
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

describe("ShopsCard: which products a sync takes", () => {
  test("products hidden in Printify are left out unless the admin ticks 'Include products hidden in Printify'", () => {
    const html = render([shop(1)], { "1": status([]) });
    expect(html).toMatch(/<input id="[^"]+" type="checkbox" class="checkbox checkbox-sm"\/>Include products hidden in Printify/);
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
