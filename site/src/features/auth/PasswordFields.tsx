// The password fields of the auth forms (register, reset, profile; SPEC §2, §5): masked, required, and named for
// the browser's password manager — the one it should fill (current) or offer to save (new). A new password comes
// with its confirmation and says its minimum length.
import type { ComponentProps } from "react";
import Field from "../../components/ui/Field";

type FieldProps = Omit<ComponentProps<typeof Field>, "type" | "autoComplete" | "required">;

/** The account's present password (sign-in checks, changing the e-mail or the password). */
export const CurrentPasswordField = (props: FieldProps) => (
  <Field type="password" autoComplete="current-password" required {...props} />
);

type NewProps = {
  /** The new password's label (default "Password"). */
  label?: string;
  /** The confirmation's label (default "Confirm Password"). */
  confirmLabel?: string;
  /** The contract's minimum length, said under the field. */
  minLength: number;
  /** The form's props for the password and its confirmation (`[form.field("newPassword"), form.field(…)]`). */
  fields: [Omit<FieldProps, "label">, Omit<FieldProps, "label">];
};

/** A new password and its confirmation. */
export function NewPasswordFields({ label = "Password", confirmLabel = "Confirm Password", minLength, fields }: NewProps) {
  const [password, confirmation] = fields;
  const input = { type: "password", autoComplete: "new-password", required: true } as const;
  return (
    <>
      <Field label={label} {...input} hint={`At least ${minLength} characters.`} {...password} />
      <Field label={confirmLabel} {...input} {...confirmation} />
    </>
  );
}
