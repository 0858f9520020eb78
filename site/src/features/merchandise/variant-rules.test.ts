// SPEC §4 variant selection and §5 Buy Now as pure rules: default preselection, matching, disabled and missing
// combinations, out of stock, the exact warning, variantTitle, and the gallery of 4 (the selected variant's first).
import { describe, expect, test } from "bun:test";
import type { MerchandiseVariant } from "@api/modules/merchandise/schema";
import {
  COMBINATION_UNAVAILABLE,
  DEFAULT_PRODUCT_IMAGE,
  type Product,
  canBuy,
  choose,
  galleryImages,
  initialVariant,
  matchVariant,
  selectionOf,
  stockLabel,
  variantTitle,
} from "./variant-rules";
import { option } from "../../../../api/test/merch-options";
import { formatMoney } from "../../lib/money";

const variant = (id: string, optionValueIds: number[], extra: Partial<MerchandiseVariant> = {}): MerchandiseVariant => ({
  id,
  title: id,
  optionValueIds,
  price: "24.00",
  isEnabled: true,
  isDefault: false,
  isAvailable: true,
  ...extra,
});

// Colors Black 1 / White 2, Sizes S 11 / M 12 / L 13 / XL 14. White / L is disabled, White / XL does not exist,
// White / M is out of stock, Black / M is the default.
const tee: Product = {
  available: true,
  imageUrl: "/tee.svg",
  options: [
    option("Colors", "color", [
      [1, "Black"],
      [2, "White"],
    ]),
    option("Sizes", "size", [
      [11, "S"],
      [12, "M"],
      [13, "L"],
      [14, "XL"],
    ]),
  ],
  variants: [
    variant("101", [1, 11]),
    variant("102", [1, 12], { isDefault: true }),
    variant("104", [1, 14], { price: "26.50" }),
    variant("105", [2, 11]),
    variant("106", [2, 12], { isAvailable: false }),
    variant("107", [2, 13], { isEnabled: false }),
  ],
  images: [
    { src: "/black.svg", isDefault: true, variantIds: ["101", "102", "104"] },
    { src: "/white.svg", isDefault: false, variantIds: ["105", "106", "107"] },
    { src: "/back.svg", isDefault: false, variantIds: ["101", "102", "104", "105", "106", "107"] },
    { src: "/detail.svg", isDefault: false, variantIds: ["101", "102", "104", "105", "106", "107"] },
    { src: "/white-2.svg", isDefault: false, variantIds: ["105", "106"] },
  ],
};

describe("preselection (SPEC §4)", () => {
  test("the default enabled variant, with its option values selected", () => {
    const v = initialVariant(tee.variants);
    expect(v?.id).toBe("102");
    expect(selectionOf(tee, v)).toEqual([1, 12]);
  });

  test("a default the seller disabled is skipped: the first enabled variant instead", () => {
    const variants = [variant("1", [1, 11], { isEnabled: false, isDefault: true }), variant("2", [1, 12]), variant("3", [2, 11])];
    expect(initialVariant(variants)?.id).toBe("2");
  });

  test("no enabled variant: nothing selected (each option shows its first value)", () => {
    const variants = [variant("1", [1, 11], { isEnabled: false })];
    expect(initialVariant(variants)).toBeNull();
    expect(selectionOf(tee, null)).toEqual([1, 11]);
  });
});

describe("matching a choice (SPEC §4)", () => {
  test("changing an option selects the enabled variant whose options all match", () => {
    const selection = choose([1, 12], 1, 14);
    expect(selection).toEqual([1, 14]);
    expect(matchVariant(tee, selection)?.id).toBe("104");
    expect(matchVariant(tee, choose(selection, 0, 2))).toBeNull(); // White / XL: no such variant
  });

  test("a disabled combination selects nothing, and Buy Now is disabled", () => {
    const selection: number[] = [2, 13]; // White / L, disabled by the seller
    expect(matchVariant(tee, selection)).toBeNull();
    expect(canBuy(tee, matchVariant(tee, selection), false)).toBe(false);
    expect(stockLabel(tee, null)).toBeNull();
  });

  test("the warning is SPEC's text, word for word", () => {
    expect(COMBINATION_UNAVAILABLE).toBe("This combination is not available. Please select different options.");
  });

  test("out of stock: selected, badge 'Out of Stock', Buy Now disabled", () => {
    const v = matchVariant(tee, [2, 12]);
    expect(v?.id).toBe("106");
    expect(stockLabel(tee, v)).toBe("Out of Stock");
    expect(canBuy(tee, v, false)).toBe(false);
  });

  test("in stock: badge 'In Stock'; Buy Now enabled unless a checkout is pending or the product is unavailable", () => {
    const v = matchVariant(tee, [1, 11]);
    expect(stockLabel(tee, v)).toBe("In Stock");
    expect(canBuy(tee, v, false)).toBe(true);
    expect(canBuy(tee, v, true)).toBe(false);
    expect(canBuy({ ...tee, available: false }, v, false)).toBe(false);
    expect(stockLabel({ ...tee, available: false }, v)).toBe("Unavailable");
  });

  test("a product without options matches its first enabled variant", () => {
    const plain = { variants: [variant("9", [], { isEnabled: false }), variant("10", [])] };
    expect(matchVariant(plain, [])?.id).toBe("10");
  });
});

describe("what Buy Now sends and shows", () => {
  test("variantTitle joins the chosen option titles with ' / ' (SPEC §7)", () => {
    expect(variantTitle(tee, [1, 12])).toBe("Black / M");
    expect(variantTitle(tee, [2, 14])).toBe("White / XL");
    expect(variantTitle({ options: [] }, [])).toBe("");
  });

  test("prices read as dollars with 2 decimals", () => {
    expect(formatMoney("26.5")).toBe("$26.50");
    expect(formatMoney("24.00")).toBe("$24.00");
  });
});

describe("gallery (SPEC §9: 4 images)", () => {
  test("the selected variant's images first, then the others, at most 4", () => {
    expect(galleryImages(tee, matchVariant(tee, [2, 11]))).toEqual(["/white.svg", "/back.svg", "/detail.svg", "/white-2.svg"]);
    expect(galleryImages(tee, matchVariant(tee, [1, 11]))).toEqual(["/black.svg", "/back.svg", "/detail.svg", "/white.svg"]);
  });

  test("no variant: the default image leads; no images: the product image, else the default one", () => {
    expect(galleryImages({ ...tee, images: [...tee.images].reverse() }, null)[0]).toBe("/black.svg");
    expect(galleryImages({ ...tee, images: [] }, null)).toEqual(["/tee.svg"]);
    expect(galleryImages({ images: [], imageUrl: null }, null)).toEqual([DEFAULT_PRODUCT_IMAGE]);
  });

  test("a combination with no variant (White / XL) keeps the chosen colour's pictures, not the default's", () => {
    expect(matchVariant(tee, [2, 14])).toBeNull();
    expect(galleryImages(tee, null, [2, 14])).toEqual(["/white.svg", "/back.svg", "/detail.svg", "/white-2.svg"]);
    // Without a colour chosen, or with no picture of it, the default still leads.
    expect(galleryImages(tee, null, [null, 14])[0]).toBe("/black.svg");
  });

  test("the same picture listed twice shows once", () => {
    const images = [
      { src: "/a.svg", isDefault: true, variantIds: ["1"] },
      { src: "/a.svg", isDefault: false, variantIds: ["2"] },
    ];
    expect(galleryImages({ images, imageUrl: null }, variant("2", []))).toEqual(["/a.svg"]);
  });
});
