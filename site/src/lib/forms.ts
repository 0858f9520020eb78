// The one form kit (decision 006, "Forms: one rule, one place"). A form validates the body it is about to send against
// the route's own TypeBox contract (`@api/modules/*/schema`), whose fields declare SPEC §5's messages once; the same
// check runs in the island, in the page that handles a no-JavaScript POST (*.server.ts) and in the API
// (plugins/errors.ts). Only cross-field rules (a password and its confirmation) are written by hand, with
// `confirmProblem`. The check is contract-check.ts (TypeBox's verdicts and words without TypeBox's value checker in the
// browser).
import { useRef, useState, type ChangeEvent } from "react";
import type { TSchema } from "@sinclair/typebox/type";
import { contractProblems } from "./contract-check";
import { failureToast } from "./failure-toast";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * What a page hands its form island after handling the form's POST itself (before hydration, or without
 * JavaScript): the values to show again — never a password —, field errors and a message for the whole form.
 */
export type FormState<K extends string> = { values?: Partial<Record<K, string>>; errors?: FieldErrors<K>; message?: string };

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** Field errors without the empty entries. */
export function onlyErrors<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<K>;
}

/**
 * The body's problems under the route's contract, one per top-level field, in the schema's own words. A problem
 * with the body as a whole (or a nested value) is filed under its first path segment ("" for the body).
 */
export function checkForm(schema: TSchema, body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of contractProblems(schema, body)) errors[field] ??= message;
  return errors;
}

/** A stored item's values for its edit form: each of the form's fields from the item, a null one as `empty` has it. */
export function valuesOf<V extends Record<string, unknown>>(item: { [K in keyof V]?: V[K] | null }, empty: V): V {
  return Object.fromEntries(Object.keys(empty).map((key) => [key, item[key] ?? empty[key]])) as V;
}

/** An optional text field for a body: trimmed, or null when blank. */
export const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** A confirmation field (the one rule a schema cannot state): blank, then different. */
export function confirmProblem(value: string, confirmation: string, mismatch: string, blank?: string): string | undefined {
  if (!confirmation && blank) return blank;
  return value === confirmation ? undefined : mismatch;
}

/**
 * A form's state: values (strings for text fields, anything for selects and checkboxes), field errors that clear
 * as the user edits, and which fields were touched. `validate` shows a check's errors and focuses the first
 * invalid field in page order, so keyboard and screen-reader users land on the problem.
 */
export function useContractForm<V extends Record<string, unknown>>(initial: V, state?: FormState<keyof V & string>) {
  type K = keyof V & string;
  const [values, setValues] = useState<V>(() => {
    const start = { ...initial };
    for (const [name, value] of Object.entries(state?.values ?? {})) {
      if (name in start && typeof value === "string") start[name as K] = value as V[K];
    }
    return start;
  });
  const [errors, setErrors] = useState<FieldErrors<K>>(state?.errors ?? {});
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});

  const touch = (name: K) => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  const set = <N extends K>(name: N, value: V[N]) => {
    setValues((v) => ({ ...v, [name]: value }));
    touch(name);
    setErrors((old) => (old[name] ? { ...old, [name]: undefined } : old));
  };

  /**
   * Everything a `Field`, `TextArea` or `Select` needs for one string-valued field, in one call: name, value,
   * onChange, onBlur and the field's error — `<Field label="Title" {...form.field("title")} />`. A select's value
   * is one of its options, so an enum-typed field (a status) takes it as is.
   */
  const field = <N extends { [F in K]: V[F] extends string ? F : never }[K]>(name: N) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, e.target.value as V[N]),
    onBlur: () => touch(name),
  });

  /** The same for a `Checkbox` bound to a boolean field: name, checked and onChange. */
  const checkbox = <N extends { [F in K]: V[F] extends boolean ? F : never }[K]>(name: N) => ({
    name,
    checked: values[name] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as V[N]),
  });

  const validate = (form: HTMLFormElement, found: FieldErrors<K>) => {
    const shown = onlyErrors(found);
    setErrors(shown);
    if (!hasErrors(shown)) return true;
    const first = Array.from(form.elements).find(
      (el): el is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
        Boolean(shown[el.name as K]),
    );
    first?.focus();
    return false;
  };

  const reset = (to: V = initial) => {
    setValues(to);
    setErrors({});
    setTouched({});
  };

  return { values, setValues, set, errors, setErrors, touched, field, checkbox, validate, reset };
}

export type SubmitOptions<T> = {
  /** The failure toast's title and the text shown when the server gives no message of its own (none: title only). */
  failure: { title?: string; fallback?: string };
  onSuccess?: (result: T) => void;
  /** The page is navigating away on success: the button stays busy until it does. */
  staysBusy?: boolean;
};

/**
 * The submit pattern of every form: one submit at a time, the button busy (with its busy label) meanwhile, the
 * success handler, or a failure toast. Spread `button` on the submit Button.
 */
export function useSubmit(busyLabel: string) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function run<T>(action: () => Promise<T>, { failure, onSuccess, staysBusy }: SubmitOptions<T>): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    let ok = false;
    try {
      const result = await action();
      ok = true;
      onSuccess?.(result);
      return true;
    } catch (error) {
      failureToast(error, failure.fallback, failure.title);
      return false;
    } finally {
      if (!(ok && staysBusy)) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { busy, run, button: { busy, busyLabel } };
}
