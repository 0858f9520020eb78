// Readable names for the toolAccess values (SPEC §5); the raw values are what the API stores and receives.
import { TOOL_ACCESS, type ToolAccess } from "@api/modules/auth/schema";

export const TOOL_ACCESS_LABELS: Record<ToolAccess, string> = {
  challenges: "Challenges",
  projects: "Projects",
  resources: "Resources",
  merchandise: "Merchandise",
  admin_dashboard: "Admin dashboard",
  user_management: "User management",
  order_management: "Order management",
  operations: "Operations",
};

export function toolAccessLabel(value: string): string {
  return (TOOL_ACCESS_LABELS as Record<string, string>)[value] ?? value;
}

/** Keeps SPEC order and drops anything the API would refuse. */
export function sortToolAccess(values: readonly string[]): ToolAccess[] {
  return TOOL_ACCESS.filter((tool) => values.includes(tool));
}
