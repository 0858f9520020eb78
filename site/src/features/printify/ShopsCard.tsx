// The provider's shops (SPEC §2 Merchandise Management): title, sales channel and Sync Products ('Syncing...' on the
// shop being synced, every button disabled while a sync runs), the live progress 'n of N products', the summary of
// the shop's last sync, and (real shops) its order webhooks.
import type { Shop, SyncRun } from "@api/modules/printify/schema";
import { useState } from "react";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import ShopWebhooks from "./ShopWebhooks";

const NO_SHOPS = "No Printify shops found. Please check your API token configuration.";

type Props = {
  shops: Shop[];
  loading: boolean;
  failed: string | null;
  /** The shop being synced, and its latest progress. */
  syncing: string | null;
  progress: SyncRun | null;
  summaries: Record<string, SyncRun>;
  /** `includeHidden`: the admin also wants the products hidden in Printify (stored unavailable). */
  onSync: (shop: Shop, includeHidden: boolean) => void;
};

function syncSummary(run: SyncRun): string {
  if (run.status === "FAILED") return `Last sync failed: ${run.error ?? "unknown error"}`;
  const line = `Last sync: ${run.processed} products — ${run.added} added, ${run.updated} updated, ${run.unavailable} now unavailable.`;
  if (run.imagesFailed === 0) return line;
  return `${line} ${run.imagesFailed} ${run.imagesFailed === 1 ? "image" : "images"} could not be fetched from Printify (previous copies kept).`;
}

export default function ShopsCard({ shops, loading, failed, syncing, progress, summaries, onSync }: Props) {
  // A sync takes the products shown in the sales channel; hidden ones only when asked for here.
  const [includeHidden, setIncludeHidden] = useState(false);
  return (
    <section aria-labelledby="shops-title" className="card border border-base-300 bg-base-200">
      <div className="card-body gap-4">
        <h2 id="shops-title" className="card-title">
          Printify Shops
        </h2>
        {loading ? (
          <ShopSkeleton />
        ) : failed !== null ? (
          <p className="text-error">{failed}</p>
        ) : shops.length === 0 ? (
          <p className="opacity-70">{NO_SHOPS}</p>
        ) : (
          <>
            {/* The input inside its label names it (no id to tie them: the page's JS budget is tight). */}
            <label className="label cursor-pointer justify-start gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={includeHidden}
                disabled={syncing !== null}
                onChange={(e) => setIncludeHidden(e.target.checked)}
              />
              Include products hidden in Printify
            </label>
            <ul className="flex flex-col gap-3">
              {shops.map((shop) => {
                const id = String(shop.id);
                const running = syncing === id;
                const summary = summaries[id];
                return (
                  <li key={id} className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-100 p-3">
                    <div className="min-w-0">
                      <p className="font-semibold [overflow-wrap:anywhere]">
                        {shop.title} {shop.demo && <Badge tone="info">Demo catalogue</Badge>}
                      </p>
                      <p className="text-sm opacity-70">Sales channel: {shop.sales_channel}</p>
                      {!shop.demo && <ShopWebhooks shopId={id} />}
                      <p className="text-sm" aria-live="polite" data-testid={`sync-status-${id}`}>
                        {running
                          ? progress?.status === "RUNNING" && progress.total > 0
                            ? `${progress.processed} of ${progress.total} products`
                            : "Starting sync..."
                          : summary
                            ? syncSummary(summary)
                            : ""}
                      </p>
                      {running && progress?.status === "RUNNING" && progress.total > 0 && (
                        <progress
                          className="progress progress-primary w-56"
                          value={progress.processed}
                          max={progress.total}
                          aria-label={`Syncing ${shop.title}`}
                        />
                      )}
                    </div>
                    <Button
                      size="sm"
                      busy={running}
                      busyLabel="Syncing..."
                      disabled={syncing !== null}
                      onClick={() => onSync(shop, includeHidden)}
                    >
                      Sync Products
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * While the shops load: one shop's row, laid out as the row itself (two lines of text beside a small button, wrapping
 * as it wraps), so the card keeps its height when the shop arrives and the catalogue below it does not jump (a
 * layout shift Lighthouse measured at 0.04 on a phone with a shorter placeholder). Most accounts have one shop.
 */
function ShopSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading shops"
      className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-100 p-3"
    >
      <div className="min-w-0" aria-hidden="true">
        <p className="font-semibold">
          <span className="skeleton inline-block h-[1em] w-40 align-middle" />
        </p>
        <p className="text-sm">
          <span className="skeleton inline-block h-[1em] w-32 align-middle" />
        </p>
      </div>
      <span className="btn btn-sm skeleton invisible" aria-hidden="true">
        Sync Products
      </span>
    </div>
  );
}
