// One product in the /merchandise grid, rendered on the server (no JavaScript). The description is shown as text:
// a card has no room for the provider's markup.
import type { MerchandiseSummary } from "@api/modules/merchandise/schema";
import MediaCard from "../../components/ui/MediaCard";
import { DEFAULT_PRODUCT_IMAGE } from "./variant-rules";
import { htmlToText } from "../../lib/html-text";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { SQUARE_BOX } from "../uploads/responsive-image";
import { formatMoney } from "../../lib/money";

/** The shop's grid: 1, 2 (sm) and 3 (lg) columns in max-w-6xl. */
const SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

export default function ProductCard({ product }: { product: MerchandiseSummary }) {
  const { id, title, description, price, imageUrl } = product;
  return (
    <MediaCard
      testId="product-card"
      // A product shot is shown whole, on a tinted square.
      imageFrame="aspect-square overflow-hidden bg-base-300"
      image={
        <ResponsiveImage
          src={imageUrl ?? DEFAULT_PRODUCT_IMAGE}
          alt=""
          sizes={SIZES}
          box={SQUARE_BOX}
          className="h-full w-full object-contain"
        />
      }
      title={title}
      actions={
        <a href={`/merchandise/${id}`} className="btn btn-primary btn-sm">
          View Product<span className="sr-only">: {title}</span>
        </a>
      }
    >
      <p className="line-clamp-2 opacity-80">{htmlToText(description)}</p>
      <p className="text-xl font-bold">{formatMoney(price)}</p>
    </MediaCard>
  );
}
