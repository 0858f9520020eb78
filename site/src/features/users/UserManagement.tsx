// User Management (SPEC §2, §5, §8 Users toasts): counts on the filtered list, search + role filter, the users
// table, Add/Edit dialog and delete confirmation. Every successful change refetches the list.
import { useEffect, useMemo, useState } from "react";
import type { CurrentUser } from "@api/modules/auth/schema";
import type { AdminUser } from "@api/modules/users/schema";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/forms";
import { withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import AdminListScreen from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import { useCreateUser, useDeleteUser, useUpdateUser, useUsers } from "./users.queries";
import UserFormDialog from "./UserFormDialog";
import UsersTable from "./UsersTable";
import UserFilters, { filterUsers, type UserFilter } from "./UserFilters";
import { userPayload, type UserFormValues } from "./user-form";

function UserManagement({ currentUser }: { currentUser: Pick<CurrentUser, "id" | "role" | "toolAccess"> }) {
  const canChangeAccess = currentUser.role === "ADMIN";
  const usersQuery = useUsers();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const dialogs = useCrudDialogs<AdminUser>();
  const { deleting } = dialogs;
  const [filter, setFilter] = useState<UserFilter>({ search: "", role: "ALL" });

  // A refetch that fails keeps the last list on screen and says so; only a first load shows the error.
  const refetchFailed = usersQuery.isRefetchError;
  useEffect(() => {
    if (refetchFailed) failureToast(usersQuery.error, "Failed to refresh the user list");
  }, [refetchFailed, usersQuery.error]);

  const users = usersQuery.data ?? [];
  const filtered = useMemo(() => filterUsers(users, filter.search, filter.role), [users, filter]);

  const save = (user: AdminUser | undefined, values: UserFormValues) =>
    user
      ? updateUser.mutateAsync({ id: user.id, body: userPayload(values, "edit", canChangeAccess) })
      : createUser.mutateAsync(userPayload(values, "create", canChangeAccess));

  return (
    <AdminListScreen
      title="User Management"
      description="Create accounts, set roles and grant access to admin sections."
      actions={
        <Button onClick={dialogs.create}>
          <PlusIcon className="h-4 w-4" />
          Add User
        </Button>
      }
      toolbar={<UserFilters shown={filtered} filter={filter} onChange={setFilter} />}
      query={usersQuery}
      empty={filtered.length === 0}
      texts={{
        loading: "Loading users",
        failed: `Failed to load users. ${serverMessage(usersQuery.error) || "Please try again."}`,
        empty: "No users found.",
      }}
      layout="rows"
      skeleton={<div className="skeleton h-12 w-full" aria-hidden="true" />}
      after={
        <>
          {dialogs.form && (
            <UserFormDialog
              user={dialogs.form.row}
              canChangeAccess={canChangeAccess}
              onSave={(values) => save(dialogs.form?.row, values)}
              onClose={dialogs.close}
            />
          )}
          {deleting && (
            <ConfirmDeleteDialog
              onDelete={() => deleteUser.mutateAsync(deleting.id)}
              failure={{ fallback: "Failed to delete user" }}
              onDeleted={() => toast({ title: "User deleted" })}
              onClose={dialogs.close}
            >
              This will permanently delete this user and all their associated data. This action cannot be undone.
            </ConfirmDeleteDialog>
          )}
        </>
      }
    >
      <UsersTable users={filtered} currentUser={currentUser} rowActions={dialogs.rowActions} />
    </AdminListScreen>
  );
}

export default withQueries(UserManagement);
