// The one accessibility check every journey runs: axe-core's WCAG 2.1 A/AA rules over what the page shows now.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Serious or critical violations, one readable line each (rule, impact, help, the first three elements). */
export async function audit(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
