// The image markup every page and island uses (decision 016): a processed upload becomes a <picture> offering its AVIF
// and WebP copies at their widths, with its own width and height; anything else a plain <img> sized like its box.
import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import ResponsiveImage from "./ResponsiveImage";
import { CARD_SIZES, SQUARE_BOX, WIDE_BOX, responsiveImage } from "./responsive-image";

const STEM = "0123456789abcdef0123456789abcdef";
const render = (src: string, priority = false) =>
  renderToStaticMarkup(
    <ResponsiveImage src={src} alt="A street" sizes={CARD_SIZES} box={WIDE_BOX} priority={priority} className="h-full" />,
  );

describe("responsiveImage", () => {
  test("a processed upload: its own size, and srcsets of the copies the upload made (none wider than it)", () => {
    expect(responsiveImage(`/api/files/${STEM}_1200x800.jpg`, WIDE_BOX)).toEqual({
      width: 1200,
      height: 800,
      sources: [
        {
          type: "image/avif",
          srcSet: `/api/files/${STEM}_1200x800-480w.avif 480w, /api/files/${STEM}_1200x800-960w.avif 960w, /api/files/${STEM}_1200x800-1200w.avif 1200w`,
        },
        {
          type: "image/webp",
          srcSet: `/api/files/${STEM}_1200x800-480w.webp 480w, /api/files/${STEM}_1200x800-960w.webp 960w, /api/files/${STEM}_1200x800-1200w.webp 1200w`,
        },
      ],
    });
  });

  test.each([
    ["a demo SVG", "/images/demo/skyline.svg"],
    ["Printify's CDN", "https://images-api.printify.com/mockup/abc/1.jpg"],
    ["an upload from before processing", `/api/files/${STEM}.png`],
    ["a GIF (kept as uploaded)", `/api/files/${STEM}.gif`],
    ["a look-alike elsewhere", `https://evil.example/api/files/${STEM}_1200x800.jpg`],
  ])("%s: in the layout's box, no copies", (_, url) => {
    expect(responsiveImage(url, SQUARE_BOX)).toEqual({ width: 600, height: 600, sources: [] });
  });
});

describe("<ResponsiveImage>", () => {
  test("a processed upload renders a <picture>: AVIF before WebP, each with srcset and sizes; the <img> sized and lazy", () => {
    const html = render(`/api/files/${STEM}_2560x1440.webp`);
    expect(html).toBe(
      '<picture class="contents">' +
        `<source type="image/avif" srcSet="/api/files/${STEM}_2560x1440-480w.avif 480w, /api/files/${STEM}_2560x1440-960w.avif 960w, /api/files/${STEM}_2560x1440-1600w.avif 1600w" sizes="${CARD_SIZES}"/>` +
        `<source type="image/webp" srcSet="/api/files/${STEM}_2560x1440-480w.webp 480w, /api/files/${STEM}_2560x1440-960w.webp 960w, /api/files/${STEM}_2560x1440-1600w.webp 1600w" sizes="${CARD_SIZES}"/>` +
        `<img class="h-full" src="/api/files/${STEM}_2560x1440.webp" alt="A street" width="2560" height="1440" loading="lazy" decoding="async"/>` +
        "</picture>",
    );
  });

  test("anything else is one <img> with the box's width and height; a page's main image is fetched eagerly and first", () => {
    expect(render("/images/demo/skyline.svg")).toBe(
      '<img class="h-full" src="/images/demo/skyline.svg" alt="A street" width="800" height="450" loading="lazy" decoding="async"/>',
    );
    // (React adds a preload link of its own before an eager, high-priority image.)
    expect(render("/images/demo/skyline.svg", true)).toEndWith(
      '<img class="h-full" src="/images/demo/skyline.svg" alt="A street" width="800" height="450" loading="eager" fetchPriority="high"/>',
    );
    const hero = render(`/api/files/${STEM}_2560x1440.jpg`, true);
    expect(hero).toStartWith('<picture class="contents">');
    expect(hero).toContain('width="2560" height="1440" loading="eager" fetchPriority="high"/></picture>');
  });
});
