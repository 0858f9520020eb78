// Add User / Edit User (SPEC §2 User Management, §5 admin user form). The body is checked against the route's own
// contract before any request (user-form.ts); the parent sends it (and its list refetches); this dialog keeps
// the busy state, toasts the outcome and asks to be closed on success.
import { useId, type FormEvent } from "react";
import { ROLES, TOOL_ACCESS, type Role, type ToolAccess } from "@api/modules/auth/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import { TOOL_ACCESS_LABELS } from "./tool-access";
import { EMPTY_USER_FORM, checkUserForm, valuesFromUser, type UserFormMode, type UserFormValues } from "./user-form";

type Props = {
  mode: UserFormMode;
  /** Only an ADMIN may change role and tool access (the API enforces the same rule). */
  canChangeAccess: boolean;
  /** Sends the form; rejects with the API's error. */
  onSave: (values: UserFormValues) => Promise<unknown>;
  onClose: () => void;
};

export default function UserFormDialog({ mode, canChangeAccess, onSave, onClose }: Props) {
  const isEdit = mode.kind === "edit";
  const form = useContractForm<UserFormValues>(mode.kind === "edit" ? valuesFromUser(mode.user) : EMPTY_USER_FORM);
  const { values, errors, set } = form;
  const submit = useSubmit(isEdit ? "Saving..." : "Creating...");
  const ids = useId();
  const accessNoteId = `${ids}-access-note`;

  const toggleTool = (tool: ToolAccess, checked: boolean) =>
    set(
      "toolAccess",
      checked ? [...values.toolAccess.filter((t) => t !== tool), tool] : values.toolAccess.filter((t) => t !== tool),
    );

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.busy || !form.validate(e.currentTarget, checkUserForm(values, mode.kind, canChangeAccess))) return;
    await submit.run(() => onSave(values), {
      // On failure the dialog stays open with what was typed, so a taken username can be fixed and resent.
      failure: { fallback: isEdit ? "Failed to update user" : "Failed to create user" },
      onSuccess: () => {
        toast({ title: isEdit ? "User updated" : "User created" });
        onClose();
      },
    });
  };

  return (
    <Modal open onClose={onClose} title={isEdit ? "Edit User" : "Add User"}>
      {/* method="post": should a submit ever bypass onSubmit, the password goes in a body, never in the URL. */}
      <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-1">
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

        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${ids}-role`}>
            Role
          </label>
          <select
            id={`${ids}-role`}
            name="role"
            className="select w-full"
            value={values.role}
            disabled={!canChangeAccess}
            aria-describedby={canChangeAccess ? undefined : accessNoteId}
            onChange={(e) => set("role", e.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </fieldset>

        <fieldset className="fieldset" disabled={!canChangeAccess} aria-describedby={canChangeAccess ? undefined : accessNoteId}>
          <legend className="fieldset-legend">Tool Access</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {TOOL_ACCESS.map((tool) => (
              <label key={tool} className="label cursor-pointer gap-2 text-base-content">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  name="toolAccess"
                  value={tool}
                  checked={values.toolAccess.includes(tool)}
                  onChange={(e) => toggleTool(tool, e.target.checked)}
                />
                {TOOL_ACCESS_LABELS[tool]}
              </label>
            ))}
          </div>
        </fieldset>
        {!canChangeAccess && (
          <p id={accessNoteId} className="text-sm opacity-70">
            Only an admin can change roles or tool access.
          </p>
        )}

        <div className="modal-action">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...submit.button}>
            {isEdit ? "Save Changes" : "Create User"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
