// One resource in a grid (SPEC §2): image, title, type and access badges, description clamped to 2 lines, and for
// premium ones the one-time and monthly prices above zero. Rendered on the server for /resources (no JavaScript)
// and inside the admin island, which passes Edit / Delete as `actions` and hides the View link.
import type { ReactNode } from "react";
import type { Resource } from "@api/modules/resources/schema";
import Badge from "../../components/ui/Badge";
import MediaCard from "../../components/ui/MediaCard";
import { aboveZero, isPremium, TYPE_LABELS } from "./format";
import CardImage from "../uploads/CardImage";
import { formatMoney } from "../../lib/money";

/** `headingLevel`: 3 under a page section's h2 (the public grid), 2 straight under the page's h1 (the admin screen). */
export default function ResourceCard({
  resource,
  actions,
  headingLevel = 3,
}: {
  resource: Resource;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { id, title, description, type, oneTimePrice, monthlyPrice, imageUrl, draft } = resource;
  const premium = isPremium(resource);
  return (
    <MediaCard
      testId="resource-card"
      image={imageUrl && <CardImage src={imageUrl} />}
      title={title}
      headingLevel={headingLevel}
      above={
        <div className="flex flex-wrap gap-2">
          <Badge tone="info">{TYPE_LABELS[type]}</Badge>
          <Badge tone={premium ? "warning" : "success"}>{premium ? "PREMIUM" : "FREE"}</Badge>
          {draft && <Badge tone="ghost">Draft</Badge>}
        </div>
      }
      actionsClassName="mt-auto justify-end pt-2"
      actions={
        actions ?? (
          <a href={`/resources/${id}`} className="btn btn-primary btn-sm">
            View Details
            <span className="sr-only"> of {title}</span>
          </a>
        )
      }
    >
      <p className="line-clamp-2 opacity-80">{description}</p>
      {premium && (aboveZero(oneTimePrice) || aboveZero(monthlyPrice)) && (
        <p className="flex flex-wrap gap-3 text-sm font-semibold">
          {aboveZero(oneTimePrice) && <span>{formatMoney(oneTimePrice)}</span>}
          {aboveZero(monthlyPrice) && <span>{formatMoney(monthlyPrice)}/mo</span>}
        </p>
      )}
    </MediaCard>
  );
}
