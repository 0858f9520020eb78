// User Management (SPEC §2, §5, §8 Users toasts): counts on the filtered list, search + role filter, the users
// table, Add/Edit dialog and delete confirmation. Every successful change refetches the list.
import { useEffect, useMemo, useState } from "react";
import { ROLES, type CurrentUser, type Role } from "@api/modules/auth/schema";
import type { AdminUser } from "@api/modules/users/schema";
import { formatCreated } from "../../lib/format";
import { canManageAccount } from "@api/modules/auth/permissions";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/forms";
import { withQueries } from "../../lib/query";
import { useCreateUser, useDeleteUser, useUpdateUser, useUsers } from "./users.queries";
import { toast } from "../../stores/toast";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import { PlusIcon, SearchIcon } from "../admin/icons";
import UserFormDialog from "./UserFormDialog";
import { toolAccessLabel } from "./tool-access";
import { userPayload, type UserFormMode, type UserFormValues } from "./user-form";
import RowActions from "../admin/RowActions";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";

type RoleFilter = "ALL" | Role;
type ListState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; users: AdminUser[] };

export function filterUsers(users: AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  const q = search.trim().toLowerCase();
  return users.filter(
    (u) =>
      (role === "ALL" || u.role === role) &&
      (q === "" || u.username.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)),
  );
}

function UserManagement({ currentUser }: { currentUser: Pick<CurrentUser, "id" | "role" | "toolAccess"> }) {
  const canChangeAccess = currentUser.role === "ADMIN";
  const usersQuery = useUsers();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [search, setSearch] = useState("");
  const [roleFilter, setRoleFilter] = useState<RoleFilter>("ALL");
  const [form, setForm] = useState<UserFormMode | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  // A refetch that fails keeps the last list on screen and says so; only a first load shows the error row.
  const refetchFailed = usersQuery.isRefetchError;
  useEffect(() => {
    if (refetchFailed) failureToast(usersQuery.error, "Failed to refresh the user list");
  }, [refetchFailed, usersQuery.error]);

  const list: ListState = usersQuery.data
    ? { status: "ready", users: usersQuery.data }
    : usersQuery.isError
      ? { status: "error", message: serverMessage(usersQuery.error) || "Please try again." }
      : { status: "loading" };
  const users = list.status === "ready" ? list.users : [];
  const filtered = useMemo(() => filterUsers(users, search, roleFilter), [users, search, roleFilter]);
  const adminCount = filtered.filter((u) => u.role === "ADMIN").length;

  const save = (mode: UserFormMode, values: UserFormValues) =>
    mode.kind === "create"
      ? createUser.mutateAsync(userPayload(values, "create", canChangeAccess))
      : updateUser.mutateAsync({ id: mode.user.id, body: userPayload(values, "edit", canChangeAccess) });

  return (
    <section aria-labelledby="admin-page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-bold md:text-3xl">
            User Management
          </h1>
          <p className="mt-1 opacity-70">Create accounts, set roles and grant access to admin sections.</p>
        </div>
        <Button onClick={() => setForm({ kind: "create" })}>
          <PlusIcon className="h-4 w-4" />
          Add User
        </Button>
      </div>

      <div className="stats stats-vertical w-full border border-base-300 bg-base-200 sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">Total Users</div>
          <div className="stat-value" data-testid="total-users">
            {filtered.length}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title">Admins</div>
          <div className="stat-value" data-testid="admin-count">
            {adminCount}
          </div>
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="input w-full sm:max-w-sm">
          <SearchIcon className="h-4 w-4 opacity-60" />
          <input
            type="search"
            className="grow"
            placeholder="Search by username or email"
            aria-label="Search users"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <select
          className="select w-full sm:w-44"
          aria-label="Filter by role"
          value={roleFilter}
          onChange={(e) => setRoleFilter(e.target.value as RoleFilter)}
        >
          <option value="ALL">All Roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>

      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Tool Access</th>
              <th scope="col">Created</th>
              <th scope="col" className="text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {list.status === "loading" ? (
              <tr>
                <td colSpan={6} className="py-10 text-center opacity-70" role="status">
                  Loading users...
                </td>
              </tr>
            ) : list.status === "error" ? (
              <tr>
                <td colSpan={6} className="py-10 text-center">
                  <p className="text-error">Failed to load users. {list.message}</p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => void usersQuery.refetch()}>
                    Retry
                  </Button>
                </td>
              </tr>
            ) : filtered.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-10 text-center opacity-70">
                  No users found.
                </td>
              </tr>
            ) : (
              filtered.map((user) => (
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
                      <span className="flex max-w-xs flex-wrap gap-1">
                        {user.toolAccess.map((tool) => (
                          <Badge key={tool} tone="neutral" className="badge-sm whitespace-nowrap">
                            {toolAccessLabel(tool)}
                          </Badge>
                        ))}
                      </span>
                    )}
                  </td>
                  <td className="whitespace-nowrap">{formatCreated(user.createdAt)}</td>
                  <td>
                    {canManageAccount(currentUser, user) ? (
                      <span className="flex justify-end gap-1">
                        <RowActions
                          name={user.username}
                          onEdit={() => setForm({ kind: "edit", user })}
                          onDelete={() => setDeleting(user)}
                        />
                      </span>
                    ) : (
                      // The API refuses these too; the row just says why there is nothing to click.
                      <span className="block text-right text-xs opacity-60">Admin only</span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {/* Mounted only while open: a fresh form each time, and one dialog in the page at once. */}
      {form && (
        <UserFormDialog
          key={form.kind === "edit" ? form.user.id : "create"}
          mode={form}
          canChangeAccess={canChangeAccess}
          onSave={(values) => save(form, values)}
          onClose={() => setForm(null)}
        />
      )}

      {deleting && (
        <ConfirmDeleteDialog
          onDelete={() => deleteUser.mutateAsync(deleting.id)}
          failure={{ fallback: "Failed to delete user" }}
          onDeleted={() => toast({ title: "User deleted" })}
          onClose={() => setDeleting(null)}
        >
          This will permanently delete this user and all their associated data. This action cannot be undone.
        </ConfirmDeleteDialog>
      )}
    </section>
  );
}

export default withQueries(UserManagement);
