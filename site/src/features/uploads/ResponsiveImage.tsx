// The one way pages and islands show an image (docs/decisions/016): width and height always set,
// so nothing moves when it loads; for a processed upload a <picture> offering its AVIF and WebP copies with `sizes`,
// so a phone downloads a card-sized copy, not the original. Server-rendered in .astro pages as well (no JavaScript).
import type { ImgHTMLAttributes } from "react";
import { type ImageBox, responsiveImage, WIDE_BOX } from "./responsive-image";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "srcSet" | "sizes" | "loading"> & {
  src: string;
  alt: string;
  /** How wide the layout shows it (CARD_SIZES and the like, responsive-image.ts). */
  sizes: string;
  /** The box it is laid out in (16:9 unless said): the width and height of an image whose own size is not known. */
  box?: ImageBox;
  /** Above the fold (a page's main image): fetched at once and first. Anything else waits until it nears the view. */
  priority?: boolean;
};

export default function ResponsiveImage({ src, alt, sizes, box = WIDE_BOX, priority = false, ...rest }: Props) {
  const image = responsiveImage(src, box);
  const img = (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
    />
  );
  // display: contents — the <img> keeps its place in the layout (h-full inside a figure, absolute inside a header).
  return image.sources.length ? (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  ) : (
    img
  );
}
