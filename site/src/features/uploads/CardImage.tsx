// A grid card's picture (MediaCard's `image`; docs/decisions/016): cropped to the card's 16:9 frame, as wide as a
// grid column. A file of its own, so screens without cards do not load it with ResponsiveImage.
import ResponsiveImage from "./ResponsiveImage";
import { CARD_SIZES } from "./responsive-image";

export default function CardImage({ src }: { src: string }) {
  return <ResponsiveImage src={src} alt="" sizes={CARD_SIZES} className="h-full w-full object-cover" />;
}
