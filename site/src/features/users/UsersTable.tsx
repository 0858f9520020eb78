// The users table (SPEC §2 User Management): username, e-mail, role, tool access, created, actions. On a narrow
// screen the table scrolls sideways inside its own focusable region, says so above it, and keeps the Actions column
// pinned at the right edge, so Edit and Delete stay reachable at 390 px without scrolling.
import { useId } from "react";
import type { CurrentUser } from "@api/modules/auth/schema";
import type { AdminUser } from "@api/modules/users/schema";
import { canManageAccount } from "@api/modules/auth/permissions";
import { formatCreated } from "../../lib/format";
import Badge from "../../components/ui/Badge";
import RowActions from "../admin/RowActions";
import { toolAccessLabel } from "./tool-access";

type Props = {
  users: AdminUser[];
  currentUser: Pick<CurrentUser, "id" | "role" | "toolAccess">;
  rowActions: (user: AdminUser, name: string) => { name: string; onEdit: () => void; onDelete: () => void };
};

/** The pinned column: opaque, so the columns scrolling under it stay hidden. */
const PINNED = "sticky right-0 bg-base-100 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.3)]";

export default function UsersTable({ users, currentUser, rowActions }: Props) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm opacity-70 md:hidden" id={hintId}>
        Scroll the table sideways to see every column.
      </p>
      <section
        aria-label="Users"
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so a keyboard can scroll it (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-box border border-base-300"
        data-testid="users-table"
      >
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Tool Access</th>
              <th scope="col">Created</th>
              <th scope="col" className={`text-right ${PINNED}`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="hover:bg-base-200/60">
                <td className="font-medium">{user.username}</td>
                <td>{user.email}</td>
                <td>
                  <Badge tone={user.role === "ADMIN" ? "primary" : "ghost"}>{user.role}</Badge>
                </td>
                <td>
                  {user.role === "ADMIN" ? (
                    // ADMIN holds every section whatever its list says (api/src/modules/auth/permissions.ts).
                    <Badge tone="primary" className="badge-sm">
                      All sections
                    </Badge>
                  ) : user.toolAccess.length === 0 ? (
                    <span className="opacity-60">No access</span>
                  ) : (
                    <span className="flex min-w-40 max-w-xs flex-wrap gap-1">
                      {user.toolAccess.map((tool) => (
                        <Badge key={tool} tone="neutral" className="badge-sm whitespace-nowrap">
                          {toolAccessLabel(tool)}
                        </Badge>
                      ))}
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap">{formatCreated(user.createdAt)}</td>
                <td className={PINNED}>
                  {canManageAccount(currentUser, user) ? (
                    <span className="flex justify-end gap-1">
                      <RowActions {...rowActions(user, user.username)} />
                    </span>
                  ) : (
                    // The API refuses these too; the row just says why there is nothing to click.
                    <span className="block whitespace-nowrap text-right text-xs opacity-60">Admin only</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
