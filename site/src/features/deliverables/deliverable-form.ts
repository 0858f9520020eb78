// The admin's deliverable form (decision 019): what the inputs hold, how a stored deliverable fills them, the body the
// API takes, and the checks before any request — the route's own contract and its messages.
import {
  DELIVERABLE_DEFAULT_MAX_BYTES,
  DeliverableInputSchema,
  FILE_KINDS,
  type Deliverable,
  type DeliverableInput,
  type DeliverableKind,
  type FileKind,
} from "@api/modules/deliverables/schema";
import { checkForm, type FieldErrors, orNull } from "../../lib/forms";

/** When it is due: when the challenge ends (the API's default), at a chosen moment, or open until it is completed. */
export type DueMode = "end" | "at" | "open";

export type DeliverableFormValues = {
  title: string;
  guidance: string;
  kind: DeliverableKind;
  required: boolean;
  dueMode: DueMode;
  /** A datetime-local input's value (YYYY-MM-DDTHH:mm), in the admin's own time zone. */
  dueAt: string;
  acceptedKinds: FileKind[];
  /** Whole megabytes, as typed. */
  maxMegabytes: string;
};

const MB = 1024 * 1024;

export const EMPTY_DELIVERABLE_FORM: DeliverableFormValues = {
  title: "",
  guidance: "",
  kind: "FILE",
  required: true,
  dueMode: "end",
  dueAt: "",
  acceptedKinds: [...FILE_KINDS],
  maxMegabytes: String(DELIVERABLE_DEFAULT_MAX_BYTES / MB),
};

/** An ISO moment as a datetime-local value in this browser's zone (the input shows local time). */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function valuesFromDeliverable(d: Deliverable): DeliverableFormValues {
  return {
    title: d.title,
    guidance: d.guidance ?? "",
    kind: d.kind,
    required: d.required,
    dueMode: d.dueAt ? "at" : "open",
    dueAt: d.dueAt ? localInputValue(d.dueAt) : "",
    acceptedKinds: d.kind === "FILE" ? d.acceptedKinds : [...FILE_KINDS],
    maxMegabytes: String(d.maxBytes ? Math.round((d.maxBytes / MB) * 10) / 10 : DELIVERABLE_DEFAULT_MAX_BYTES / MB),
  };
}

/** A datetime-local value as an ISO moment (read in this browser's zone); anything else as typed, for the schema. */
function isoMoment(local: string): string {
  const d = new Date(local);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
}

export function deliverablePayload(v: DeliverableFormValues): DeliverableInput {
  const due = v.dueMode === "at" ? { dueAt: isoMoment(v.dueAt.trim()) } : v.dueMode === "open" ? { dueAt: null } : {};
  const file = v.kind === "FILE" ? { acceptedKinds: v.acceptedKinds, maxBytes: Math.round(Number(v.maxMegabytes) * MB) } : {};
  return { title: v.title.trim(), guidance: orNull(v.guidance), kind: v.kind, required: v.required, ...due, ...file };
}

export function checkDeliverable(v: DeliverableFormValues): FieldErrors<keyof DeliverableFormValues & string> {
  const body = deliverablePayload(v);
  const found = checkForm(DeliverableInputSchema, body) as Record<string, string | undefined>;
  const errors: FieldErrors<keyof DeliverableFormValues & string> = {
    title: found.title,
    guidance: found.guidance,
    dueAt: v.dueMode === "at" && !v.dueAt.trim() ? "Choose the date and time it is due" : found.dueAt,
    acceptedKinds:
      v.kind === "FILE" && v.acceptedKinds.length === 0 ? "Choose at least one accepted kind of file" : found.acceptedKinds,
    maxMegabytes: found.maxBytes ? "Enter a size limit of at most 200 MB" : undefined,
  };
  return errors;
}
