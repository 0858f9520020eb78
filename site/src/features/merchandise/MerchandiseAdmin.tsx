// Admin merchandise (SPEC §2 Merchandise Management, §9 sync toasts): the Printify shops with Sync
// Products and its live progress, and the catalogue card (every product, available or not, a keyset page at a time
// with Load more). Without a token the catalogue is the demo one, and the screen says so.
import { useState } from "react";
import type { Shop, SyncRun } from "@api/modules/printify/schema";
import Alert from "../../components/ui/Alert";
import Badge from "../../components/ui/Badge";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import AdminListScreen, { ADMIN_GRID } from "../admin/AdminListScreen";
import CatalogueCard from "../printify/CatalogueCard";
import { useCatalogue, useShops, useSyncProgress, useSyncShop } from "../printify/printify.queries";
import ShopsCard from "../printify/ShopsCard";

const NO_MERCHANDISE = "No merchandise in catalog. Sync products from Printify to get started.";

export function MerchandiseAdmin() {
  const shops = useShops();
  const catalogue = useCatalogue();
  const sync = useSyncShop();
  const [syncing, setSyncing] = useState<string | null>(null);
  const [summaries, setSummaries] = useState<Record<string, SyncRun>>({});
  const progress = useSyncProgress(syncing);
  const pages = catalogue.data?.pages ?? [];
  const items = listItems(catalogue.data);
  // The whole catalogue's count (every page carries it); the grid holds the pages loaded so far.
  const total = pages[0]?.total ?? 0;
  const demo = pages[0]?.configured === false && items.some((i) => i.isDemo);

  // Never rejects (every failure is a toast), so ShopsCard may call it without awaiting.
  const onSync = async (shop: Shop, includeHidden: boolean) => {
    const id = String(shop.id);
    if (syncing) return;
    setSyncing(id);
    try {
      const result = await sync.mutateAsync({ shopId: id, includeHidden });
      setSummaries((s) => ({ ...s, [id]: result.run }));
      toast({ title: "Sync Successful", description: result.message || "Products synced successfully" });
    } catch (error) {
      failureToast(error, "Failed to sync products from Printify", "Sync Failed");
    } finally {
      setSyncing(null);
    }
  };

  return (
    <AdminListScreen
      title="Merchandise Management"
      description="Sync products from your Printify shops and review the catalogue."
      toolbar={
        <>
          <ShopsCard
            shops={shops.data ?? []}
            loading={shops.isPending}
            failed={shops.isError ? serverMessage(shops.error) || "Failed to load Printify shops." : null}
            syncing={syncing}
            progress={progress.data ?? null}
            summaries={summaries}
            onSync={onSync}
          />
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-xl font-semibold">Product Catalog</h2>
            {/* A count of a catalogue that loaded only: beside a failure, "0 products" would be a claim. */}
            <span className="opacity-70" data-testid="catalogue-count">
              {catalogue.isSuccess && `${total} ${total === 1 ? "product" : "products"}`}
            </span>
            {demo && <Badge tone="info">Demo catalogue</Badge>}
          </div>
          {/* Known once the catalogue loads: shown where the catalogue appears then, so nothing above it moves. */}
          {demo && (
            <Alert tone="info">
              <strong>Demo catalogue.</strong> No Printify token is configured, so the store shows built-in demo products. Set
              PRINTIFY_API_TOKEN and sync a shop to sell your own.
            </Alert>
          )}
        </>
      }
      query={catalogue}
      empty={items.length === 0}
      texts={{
        loading: "Loading catalogue",
        failed: "Failed to load the catalogue. Please try again later.",
        empty: NO_MERCHANDISE,
      }}
    >
      <ul className={ADMIN_GRID}>
        {items.map((item) => (
          <li key={item.id} className="min-w-0">
            <CatalogueCard item={item} />
          </li>
        ))}
      </ul>
    </AdminListScreen>
  );
}

export default withQueries(MerchandiseAdmin);
