// The one accessibility check every journey runs: axe-core over what the page shows now — WCAG 2.1 A/AA rules, plus the
// best-practice rules Lighthouse's accessibility score counts (heading order, one main landmark, skip link…), at every
// impact (decision 017: 100 in Lighthouse, axe clean). Rules Lighthouse leaves out (e.g. "region": all content inside
// landmarks) are left out here too.
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "@playwright/test";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The rules Lighthouse 12 scores beyond WCAG 2.1 AA's tags (lighthouse/core/audits/accessibility/). */
const LIGHTHOUSE_BEST_PRACTICE = [
  "accesskeys",
  "aria-allowed-role",
  "aria-dialog-name",
  "aria-text",
  "aria-treeitem-name",
  "empty-heading",
  "heading-order",
  "identical-links-same-purpose",
  "image-redundant-alt",
  "label-content-name-mismatch",
  "landmark-one-main",
  "skip-link",
  "table-duplicate-name",
  "tabindex",
  "table-fake-caption",
  "target-size",
  "td-has-header",
];

/**
 * One run over both sets, by rule id: what `withTags(WCAG_21_AA)` runs (its rules minus axe's experimental ones, which
 * tags leave out) and the best-practice rules above (named, so they run even where axe marks them experimental).
 */
const RULES = [
  ...new Set([
    ...axe
      .getRules(WCAG_21_AA)
      .filter((rule) => !rule.tags.includes("experimental"))
      .map((rule) => rule.ruleId),
    ...LIGHTHOUSE_BEST_PRACTICE,
  ]),
];

/** Every violation, one readable line each (rule, impact, help, the first three elements). */
export async function audit(page: Page): Promise<string[]> {
  // The page at rest: a colour mid-transition (a tab turning inactive, a dialog's backdrop fading in) is neither of its
  // two colours, and axe measures contrast as it happens to be at that instant — on a loaded machine, a failure that
  // depends on timing. Endless animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withRules(RULES).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
