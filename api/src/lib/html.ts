// Shared by everything the API writes as HTML or signs: the e-mails (auth, applications, payments) and the OpenAPI
// page. One escape rule and one name, so a fix or a rename happens once.

/** The name the site signs with ("— InnovateHub" under every e-mail, "Your InnovateHub receipt"). */
export const SITE_NAME = "InnovateHub";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for an HTML element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
