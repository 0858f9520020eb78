// A row of tabs (WAI-ARIA tabs pattern, automatic activation): click a tab, or move with the arrow keys, Home and End —
// focus and selection move together, and only the selected tab is in the tab order. The screen renders the selected
// tab's panel (`role="tabpanel"`, id `panelId`, `aria-labelledby={tabId(idPrefix, value)}`; AdminListScreen's
// `tabPanel` does it), which the selected tab controls. Styled with buttons: daisyUI's `tab` component is left out
// of the CSS (styles/global.css).
import type { KeyboardEvent } from "react";

type Props<T extends string> = {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' ids (unique on the page). */
  idPrefix: string;
  /** The id of the panel the selected tab shows. */
  panelId: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

export const tabId = (idPrefix: string, value: string) => `${idPrefix}-${value}`;

export default function Tabs<T extends string>({ label, idPrefix, panelId, tabs, value, onChange }: Props<T>) {
  const select = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(idPrefix, next.value))?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="inline-flex w-fit gap-1 rounded-box border border-base-300 bg-base-200 p-1"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            id={tabId(idPrefix, tab.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            className={`btn btn-sm ${selected ? "btn-primary" : "btn-ghost"}`}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
