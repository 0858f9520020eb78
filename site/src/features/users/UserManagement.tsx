// User Management (SPEC §2, §5, §8 Users toasts): counts on the filtered list, search + role filter, the users
// table, Add/Edit dialog and delete confirmation. Every successful change refetches the list.
import { useEffect, useState } from "react";
import type { CurrentUser } from "@api/modules/auth/schema";
import type { AdminUser } from "@api/modules/users/schema";
import { serverMessage } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { listItems, withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import { PlusIcon } from "../admin/icons";
import AdminListScreen from "../admin/AdminListScreen";
import { useCrudDialogs } from "../admin/use-crud-dialogs";
import ConfirmDeleteDialog from "../admin/ConfirmDeleteDialog";
import { type UsersPage, useCreateUser, useDeleteUser, useUpdateUser, useUsers } from "./users.queries";
import UserFormDialog from "./UserFormDialog";
import UsersTable from "./UsersTable";
import UserFilters, { type UserFilter } from "./UserFilters";
import { userPayload, type UserFormValues } from "./user-form";

const SEARCH_DELAY_MS = 250;

type Props = { currentUser: Pick<CurrentUser, "id" | "role" | "toolAccess">; first?: UsersPage };

function UserManagement({ currentUser, first }: Props) {
  const canChangeAccess = currentUser.role === "ADMIN";
  const [filter, setFilter] = useState<UserFilter>({ search: "", role: "ALL" });
  // The search asks the server once typing pauses, not at every keystroke.
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(filter.search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter.search]);
  const usersQuery = useUsers({ search, role: filter.role === "ALL" ? undefined : filter.role }, first);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const dialogs = useCrudDialogs<AdminUser>();
  const { deleting } = dialogs;

  // A refetch that fails keeps the last list on screen and says so; only a first load shows the error.
  const refetchFailed = usersQuery.isRefetchError;
  useEffect(() => {
    if (refetchFailed) failureToast(usersQuery.error, "Failed to refresh the user list");
  }, [refetchFailed, usersQuery.error]);

  const pages = usersQuery.data?.pages ?? [];
  const users = listItems(usersQuery.data);
  const counts = { total: pages[0]?.total ?? 0, admins: pages[0]?.admins ?? 0 };

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
      toolbar={<UserFilters counts={counts} filter={filter} onChange={setFilter} />}
      query={usersQuery}
      empty={users.length === 0}
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
      <UsersTable users={users} currentUser={currentUser} rowActions={dialogs.rowActions} />
    </AdminListScreen>
  );
}

export default withQueries(UserManagement);
