// Add User / Edit User (SPEC §2 User Management, §5 admin user form). Checks run before any request; the parent
// sends the request, toasts and refetches, and closes the dialog on success.
import { useId, useState, type FormEvent } from "react";
import { ROLES, TOOL_ACCESS, type Role, type ToolAccess } from "@api/modules/auth/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { TOOL_ACCESS_LABELS } from "./tool-access";
import { EMPTY_USER_FORM, validateUserForm, valuesFromUser, type UserFormErrors, type UserFormMode, type UserFormValues } from "./user-form";

type Props = {
  mode: UserFormMode;
  /** Only an ADMIN may change role and tool access (the API enforces the same rule). */
  canChangeAccess: boolean;
  busy: boolean;
  onSubmit: (values: UserFormValues) => void;
  onClose: () => void;
};

export default function UserFormDialog({ mode, canChangeAccess, busy, onSubmit, onClose }: Props) {
  const isEdit = mode.kind === "edit";
  const [values, setValues] = useState<UserFormValues>(() => (mode.kind === "edit" ? valuesFromUser(mode.user) : EMPTY_USER_FORM));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const ids = useId();
  const accessNoteId = `${ids}-access-note`;

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const toggleTool = (tool: ToolAccess, checked: boolean) =>
    setValues((v) => ({ ...v, toolAccess: checked ? [...v.toolAccess.filter((t) => t !== tool), tool] : v.toolAccess.filter((t) => t !== tool) }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const problems = validateUserForm(values, mode.kind);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    onSubmit(values);
  };

  return (
    <Modal open onClose={onClose} title={isEdit ? "Edit User" : "Add User"}>
      {/* method="post": should a submit ever bypass onSubmit, the password goes in a body, never in the URL. */}
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-1">
        <Field
          label="Username"
          name="username"
          autoComplete="off"
          required
          value={values.username}
          error={errors.username}
          onChange={(e) => set("username", e.target.value)}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => set("email", e.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required={!isEdit}
          placeholder={isEdit ? "Leave empty to keep current password" : "At least 6 characters"}
          value={values.password}
          error={errors.password}
          onChange={(e) => set("password", e.target.value)}
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
          <Button type="submit" busy={busy} busyLabel={isEdit ? "Saving..." : "Creating..."}>
            {isEdit ? "Save Changes" : "Create User"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
