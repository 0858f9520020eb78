// How resource prices, types and filters read on screen (SPEC §2, §9): labels and formats are UI, so they live here.
import { isOneOf } from "@api/lib/enums";
import { RESOURCE_FILTERS, type Resource, type ResourceType } from "@api/modules/resources/schema";

/** A price is offered (purchase button, admin card line) only above zero (SPEC §2). */
export const aboveZero = (price: string | null): price is string => price !== null && Number(price) > 0;

export const TYPE_LABELS: Record<ResourceType, string> = {
  TOOL: "TOOL",
  RESEARCH: "RESEARCH",
  TEMPLATE: "TEMPLATE",
  BEST_PRACTICE: "BEST_PRACTICE",
};

/** The filter in the URL (?type=TOOL); anything else is "All Resources". */
export function readTypeFilter(url: URL): ResourceType | null {
  const value = url.searchParams.get("type");
  return isOneOf(RESOURCE_FILTERS, value) ? value : null;
}
export const typeFilterHref = (type: ResourceType | null, cursor?: string) => {
  const query = new URLSearchParams([...(type ? [["type", type]] : []), ...(cursor ? [["cursor", cursor]] : [])]);
  return query.size ? `/resources?${query}` : "/resources";
};

export const isPremium = (resource: Pick<Resource, "accessLevel">) => resource.accessLevel === "PREMIUM";
