// A card's label/value lines: a two-column grid of dt/dd. Lines without a value are left out, so a
// card passes every line it may have and shows the ones it has.
import type { ReactNode } from "react";

type DefinitionLine = readonly [label: string, value: ReactNode];

export default function DefinitionList({ lines }: { lines: readonly DefinitionLine[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {lines.map(([label, value]) =>
        value ? (
          <div key={label} className="contents">
            <dt className="opacity-70">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
