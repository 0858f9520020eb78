// One catalogue product on the admin screen (SPEC §2 Merchandise Management): image, title, description (as text,
// three lines), price and an Available / Unavailable badge; demo rows say so.
import type { CatalogueItem } from "@api/modules/printify/schema";
import Badge from "../../components/ui/Badge";
import { htmlToText } from "../../lib/html-text";
import ResponsiveImage from "../uploads/ResponsiveImage";
import { CARD_SIZES, SQUARE_BOX } from "../uploads/responsive-image";

export default function CatalogueCard({ item }: { item: CatalogueItem }) {
  return (
    <article className="card h-full min-w-0 border border-base-300 bg-base-200 shadow-sm" data-testid="catalogue-item">
      <figure className="aspect-square overflow-hidden bg-base-100">
        {item.imageUrl ? (
          <ResponsiveImage
            src={item.imageUrl}
            alt=""
            sizes={CARD_SIZES}
            box={SQUARE_BOX}
            className="h-full w-full object-contain"
          />
        ) : (
          <span className="opacity-60">No image</span>
        )}
      </figure>
      <div className="card-body min-w-0 gap-2">
        <div className="flex items-start justify-between gap-2">
          <h3 className="card-title min-w-0 text-base [overflow-wrap:anywhere]">{item.title}</h3>
          <Badge tone={item.available ? "success" : "ghost"}>{item.available ? "Available" : "Unavailable"}</Badge>
        </div>
        <p className="line-clamp-3 text-sm opacity-80 [overflow-wrap:anywhere]">{htmlToText(item.description)}</p>
        <p className="mt-auto font-semibold">${item.price}</p>
      </div>
    </article>
  );
}
