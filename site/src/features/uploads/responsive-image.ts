// What a page needs to show an image without layout shift and at the size it is shown (docs/decisions/016): for a
// processed upload, its stored size and the srcsets of its AVIF and WebP copies — read from its name, no request;
// for anything else (the demo SVGs, Printify's CDN, uploads made before processing), the size of the box the layout
// gives it. Pure: pages (server) and islands (browser) both call it.
import { IMAGE_VARIANT_FORMATS, processedImageOf, UPLOADED_FILES_PATH } from "@api/modules/uploads/names";

/** Width and height in pixels; for a box, only their ratio matters (the CSS sets the size). */
export type ImageBox = { width: number; height: number };

// The boxes images are laid out in: 16:9 cards and heroes (the demo SVGs are 800×450), square product shots.
export const WIDE_BOX: ImageBox = { width: 800, height: 450 };
export const SQUARE_BOX: ImageBox = { width: 600, height: 600 };

// The `sizes` of each place an image is shown: the CSS width it takes at each breakpoint, from which the browser picks
// a copy before any CSS has loaded. The shared ones are here; a component with a layout of its own keeps its own.
/** A card in the 1, 2 (md) and 3 (lg) column grids of max-w-6xl; close enough for the admin grids beside the sidebar. */
export const CARD_SIZES = "(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw";
/** Behind a detail page's header, across the window. */
export const HERO_SIZES = "100vw";

/** What `<img>` and `<source>` need besides the URL itself. */
export type ResponsiveImage = ImageBox & {
  /** Most compact first: the browser takes the first type it decodes. Empty when the image has no copies. */
  sources: { type: string; srcSet: string }[];
};

/** `url` as a page shows it: a processed upload with its copies and own size, anything else in `box`. */
export function responsiveImage(url: string, box: ImageBox): ResponsiveImage {
  // Only a public upload's own URL (a private file, a premium download, has no copies and is never an image here).
  const processed = url.startsWith(UPLOADED_FILES_PATH) ? processedImageOf(url.slice(UPLOADED_FILES_PATH.length)) : null;
  if (!processed) return { ...box, sources: [] };
  return {
    width: processed.width,
    height: processed.height,
    sources: IMAGE_VARIANT_FORMATS.map((format) => ({
      type: `image/${format}`,
      srcSet: processed.variants
        .filter((v) => v.format === format)
        .map((v) => `${UPLOADED_FILES_PATH}${v.name} ${v.width}w`) // copies are public, beside their image
        .join(", "),
    })),
  };
}
