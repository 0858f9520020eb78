// The one card of the grids (challenges, projects, resources, products; SPEC §2 cards): a picture on top, the title
// (with a badge beside it, or badges above it), what the kind of card shows, and its actions at the foot, so the
// cards of a grid row line up. Server-rendered in .astro pages and inside the admin islands alike.
import type { ReactNode } from "react";

type Props = {
  /** The card's `data-testid` (the journeys find cards by it). */
  testId: string;
  /** The picture (a ResponsiveImage); none: the card starts with its body. */
  image?: ReactNode;
  /** The picture's frame: a 16:9 crop unless said (products: a square). */
  imageFrame?: string;
  title: ReactNode;
  /** 3 under a page section's h2 (a public grid), 2 straight under the page's h1 (an admin screen). */
  headingLevel?: 2 | 3;
  /** Beside the title, at its right (a status badge). */
  badge?: ReactNode;
  /** Above the title (a resource's type and access badges). */
  above?: ReactNode;
  /**
   * The card may be narrower than its words (the admin grid): the title and body shrink and a long word breaks
   * instead of widening the card.
   */
  narrow?: boolean;
  /** What the kind of card shows between its title and its actions. */
  children: ReactNode;
  actions: ReactNode;
  /** The actions row's layout (default: at the right). */
  actionsClassName?: string;
};

export default function MediaCard(props: Props) {
  const { testId, image, imageFrame = "aspect-[16/9] overflow-hidden", title, headingLevel = 3, badge, narrow } = props;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const heading = (
    <Heading className={narrow ? "card-title min-w-0 text-lg [overflow-wrap:anywhere]" : "card-title text-lg"}>{title}</Heading>
  );
  return (
    <article
      className={`card h-full ${narrow ? "min-w-0 " : ""}border border-base-300 bg-base-200 shadow-sm`}
      data-testid={testId}
    >
      {image && <figure className={imageFrame}>{image}</figure>}
      <div className={narrow ? "card-body min-w-0 gap-3" : "card-body gap-3"}>
        {props.above}
        {badge ? (
          <div className="flex items-start justify-between gap-2">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {props.children}
        <div className={`card-actions ${props.actionsClassName ?? "mt-auto justify-end"}`}>{props.actions}</div>
      </div>
    </article>
  );
}
