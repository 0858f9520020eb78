// Add User / Edit User (SPEC §2 User Management, §5 admin user form). The body is checked against the route's own
// contract before any request (user-form.ts); the parent sends it (and its list refetches); the admin kit's
// FormDialog keeps the busy state, toasts the outcome and closes on success — on failure the dialog stays open with
// what was typed, so a taken username can be fixed and resent.
import { useId } from "react";
import { ROLES, TOOL_ACCESS, type ToolAccess } from "@api/modules/auth/schema";
import type { AdminUser } from "@api/modules/users/schema";
import Field from "../../components/ui/Field";
import Select from "../../components/ui/Select";
import Checkbox from "../../components/ui/Checkbox";
import FormDialog, { useFormDialog } from "../admin/FormDialog";
import { TOOL_ACCESS_LABELS } from "./tool-access";
import { EMPTY_USER_FORM, checkUserForm, valuesFromUser, type UserFormValues } from "./user-form";

type Props = {
  user?: AdminUser;
  /** Only an ADMIN may change role and tool access (the API enforces the same rule). */
  canChangeAccess: boolean;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: UserFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function UserFormDialog({ user, canChangeAccess, onSave, onClose }: Props) {
  const isEdit = Boolean(user);
  const form = useFormDialog(user ? valuesFromUser(user) : EMPTY_USER_FORM, {
    check: (values) => checkUserForm(values, isEdit ? "edit" : "create", canChangeAccess),
    save: onSave,
    busyLabel: isEdit ? "Saving..." : "Creating...",
    failure: { fallback: isEdit ? "Failed to update user" : "Failed to create user" },
    success: isEdit ? "User updated" : "User created",
    onClose,
  });
  const accessNoteId = `${useId()}-access-note`;
  const locked = canChangeAccess ? {} : { disabled: true, "aria-describedby": accessNoteId };
  const tools = form.values.toolAccess;
  const toggleTool = (tool: ToolAccess, on: boolean) =>
    form.set("toolAccess", on ? [...tools.filter((t) => t !== tool), tool] : tools.filter((t) => t !== tool));

  return (
    <FormDialog
      title={isEdit ? "Edit User" : "Add User"}
      submitLabel={isEdit ? "Save Changes" : "Create User"}
      dialog={form}
      onClose={onClose}
    >
      <Field label="Username" autoComplete="off" required {...form.field("username")} />
      <Field label="Email" type="email" autoComplete="off" required {...form.field("email")} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        required={!isEdit}
        placeholder={isEdit ? "Leave empty to keep current password" : "At least 6 characters"}
        {...form.field("password")}
      />
      <Select label="Role" options={ROLES} {...form.field("role")} {...locked} />
      <fieldset className="fieldset" {...locked}>
        <legend className="fieldset-legend">Tool Access</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {TOOL_ACCESS.map((tool) => (
            <Checkbox
              key={tool}
              label={TOOL_ACCESS_LABELS[tool]}
              name="toolAccess"
              value={tool}
              checked={tools.includes(tool)}
              onChange={(e) => toggleTool(tool, e.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      {!canChangeAccess && (
        <p id={accessNoteId} className="text-sm opacity-70">
          Only an admin can change roles or tool access.
        </p>
      )}
    </FormDialog>
  );
}
