// The product page's one island (SPEC §2 Merchandise detail): gallery, one selector per option, price, stock badge,
// SPEC §4's warning and Buy Now. Buy Now is a plain form to /payments/checkout rendered on the server with the
// preselected variant, so it works before (or without) hydration; the island only keeps the hidden inputs, price,
// badge and gallery in step with the selection. The selectors stay disabled until hydrated: without JavaScript the
// page shows, and buys, exactly the preselected variant. The rules live in variant-rules.ts.
import { useEffect, useState } from "react";
import Badge from "../../components/ui/Badge";
import type { MerchandiseDetail } from "@api/modules/merchandise/schema";
import {
  COMBINATION_UNAVAILABLE,
  canBuy,
  choose,
  galleryImages,
  initialVariant,
  matchVariant,
  selectionOf,
  stockLabel,
  variantTitle,
} from "./variant-rules";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { SQUARE_BOX } from "../uploads/responsive-image";
import { formatMoney } from "../../lib/money";

/** The gallery is half of max-w-6xl from lg (full width below), its thumbnails a quarter of that. */
const GALLERY_SIZES = "(min-width: 1024px) 540px, 100vw";
const THUMB_SIZES = "(min-width: 1024px) 135px, 25vw";

type PurchaseProduct = Pick<
  MerchandiseDetail,
  "id" | "title" | "price" | "available" | "imageUrl" | "options" | "images" | "variants"
>;

type Props = { product: PurchaseProduct; paymentsAvailable: boolean };

export default function ProductPurchase({ product, paymentsAvailable }: Props) {
  const [selection, setSelection] = useState(() => selectionOf(product, initialVariant(product.variants)));
  const [hydrated, setHydrated] = useState(false);
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  // This page view's checkout nonce, made in the browser (never in the server-rendered HTML, which a cache may share
  // between visitors): the checkout's idempotency key for a guest, so a double click is one Checkout Session.
  const [checkoutNonce, setCheckoutNonce] = useState("");
  useEffect(() => setCheckoutNonce(crypto.randomUUID()), []);

  useEffect(() => {
    setHydrated(true);
    // Back from the payment page (bfcache): the checkout is no longer pending.
    const reset = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  const variant = matchVariant(product, selection);
  const gallery = galleryImages(product, variant, selection);
  const main = shown && gallery.includes(shown) ? shown : gallery[0]!;
  const stock = stockLabel(product, variant);
  const buyable = paymentsAvailable && canBuy(product, variant, pending);

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-label="Product images" data-testid="gallery">
        <ResponsiveImage
          key={main}
          src={main}
          alt={product.title}
          sizes={GALLERY_SIZES}
          box={SQUARE_BOX}
          priority
          className="aspect-square w-full rounded-box border border-base-300 bg-base-200 object-contain"
          data-testid="gallery-main"
        />
        {gallery.length > 1 && (
          <ul className="mt-4 grid grid-cols-4 gap-3">
            {gallery.map((src, i) => (
              <li key={src}>
                <button
                  type="button"
                  className={`block w-full overflow-hidden rounded-box border-2 ${src === main ? "border-primary" : "border-base-300"}`}
                  aria-label={`Show image ${i + 1} of ${gallery.length}`}
                  aria-pressed={src === main}
                  onClick={() => setShown(src)}
                >
                  <ResponsiveImage
                    src={src}
                    alt=""
                    sizes={THUMB_SIZES}
                    box={SQUARE_BOX}
                    className="aspect-square w-full bg-base-200 object-contain"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="flex flex-col gap-6">
        <h1 className="text-4xl font-extrabold">{product.title}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-3xl font-bold" data-testid="price">
            {formatMoney(variant?.price ?? product.price)}
          </p>
          {stock && (
            <span data-testid="stock">
              <Badge tone={stock === "In Stock" ? "success" : "error"}>{stock}</Badge>
            </span>
          )}
        </div>

        {product.options.map((option, index) => (
          <label key={option.name} className="flex flex-col gap-2">
            <span className="font-semibold">{option.name}</span>
            <select
              className="select w-full sm:max-w-xs"
              value={String(selection[index] ?? "")}
              disabled={!hydrated || !product.available}
              onChange={(event) => {
                setSelection(choose(selection, index, Number(event.currentTarget.value)));
                setShown(null);
              }}
            >
              {option.values.map((value) => (
                <option key={value.id} value={value.id}>
                  {value.title}
                </option>
              ))}
            </select>
          </label>
        ))}

        {product.available && !variant && (
          <p className="alert alert-warning" role="alert">
            {COMBINATION_UNAVAILABLE}
          </p>
        )}
        {!product.available && (
          <p className="alert alert-info" role="status">
            This product is currently unavailable.
          </p>
        )}

        <form method="post" action="/payments/checkout" onSubmit={() => setPending(true)}>
          <input type="hidden" name="kind" value="merchandise" />
          <input type="hidden" name="merchandiseId" value={product.id} />
          <input type="hidden" name="variantId" value={variant?.id ?? ""} />
          <input type="hidden" name="variantTitle" value={variantTitle(product, selection)} />
          {checkoutNonce && <input type="hidden" name="checkoutNonce" value={checkoutNonce} />}
          <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={!buyable} aria-busy={pending}>
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Buy Now
          </button>
        </form>
        <p className="text-sm opacity-70">
          {paymentsAvailable
            ? "Secure payment by card. Printed on demand and shipped to your door; no account needed."
            : "Payments are not configured."}
        </p>
      </div>
    </div>
  );
}
