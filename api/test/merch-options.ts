// Printify-shaped product options for tests, written compactly: `option("Sizes", "size", [[11, "S"], [12, "M"]])`.
// One builder instead of the same nested literal in every merchandise test and factory.
export type OptionShape = { name: string; type: string; values: { id: number; title: string }[] };

export const option = (name: string, type: string, values: [id: number, title: string][]): OptionShape => ({
  name,
  type,
  values: values.map(([id, title]) => ({ id, title })),
});

/** The two-by-two tee most tests use: Colors Black 1 / White 2, Sizes S 11 / M 12. */
export const teeOptions = (colors = "Colors", sizes = "Sizes"): OptionShape[] => [
  option(colors, "color", [
    [1, "Black"],
    [2, "White"],
  ]),
  option(sizes, "size", [
    [11, "S"],
    [12, "M"],
  ]),
];
