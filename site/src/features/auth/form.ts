// Small form plumbing shared by the account islands: controlled values, per-field errors that clear as the user
// edits, focus on the first invalid field, and the human message from a failed API call.
import { useState, type ChangeEvent } from "react";
import { hasErrors, type FieldErrors } from "./validation";

/**
 * What a page hands its form island after handling the form's POST itself (no JavaScript yet, see
 * submit.server.ts): the values to show again — never a password —, field errors and a message for the whole form.
 */
export type FormState<K extends string> = { values?: Partial<Record<K, string>>; errors?: FieldErrors<K>; message?: string };
/** Forgot password answered: show "Check Your Email" for this address. */
export type ForgotPasswordState = FormState<"email"> & { sentTo?: string };
/** Reset password done: show "Password Reset!". */
export type ResetPasswordState = FormState<"newPassword" | "confirmPassword"> & { done?: boolean };

export function useForm<V extends Record<string, string>>(initial: V, state?: FormState<keyof V & string>) {
  const [values, setValues] = useState<V>(() => {
    const start = { ...initial };
    for (const [name, value] of Object.entries(state?.values ?? {})) {
      if (name in start && typeof value === "string") start[name as keyof V] = value as V[keyof V];
    }
    return start;
  });
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>(state?.errors ?? {});

  /** Props for a `Field`: name, value, onChange and the field's error. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors((old) => ({ ...old, [name]: undefined }));
    },
  });

  /**
   * Shows the check's errors and moves focus to the first invalid field (in page order) so keyboard and
   * screen-reader users land on the problem. Returns true when the values may be sent.
   */
  const validate = (form: HTMLFormElement, found: FieldErrors<keyof V & string>) => {
    setErrors(found);
    if (!hasErrors(found)) return true;
    const first = Array.from(form.elements).find(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && Boolean(found[el.name as keyof V & string]),
    );
    first?.focus();
    return false;
  };

  return { values, setValues, errors, setErrors, field, validate, reset: () => (setValues(initial), setErrors({})) };
}

/** The one way to read a failed call's message for a toast (site/src/lib/api.ts). */
export { serverMessage } from "../../lib/api";
