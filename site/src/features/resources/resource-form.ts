// The admin resource form's values and the body they make (SPEC §5 resource form, §7 payload): prices as decimal
// strings, null when FREE; a blank price means 0 (the API stores 0.00). Rules and messages live on the contract.
import {
  type AccessLevel,
  type Resource,
  type ResourceInput,
  ResourceInputSchema,
  type ResourceType,
} from "@api/modules/resources/schema";
import { checkForm, type FieldErrors, orNull, valuesOf } from "../../lib/forms";
import type { ItemForm } from "../admin/ItemFormDialog";

export type ResourceFormValues = {
  title: string;
  description: string;
  type: ResourceType;
  accessLevel: AccessLevel;
  projectId: string;
  fileUrl: string;
  imageUrl: string;
  oneTimePrice: string;
  monthlyPrice: string;
  /** Unpublished (e.g. spawned by archiving a challenge): hidden from the library until unchecked. */
  draft: boolean;
};

/** SPEC §5: type defaults to TOOL; SPEC §4: a dialog opens (and resets) at FREE. */
const EMPTY_RESOURCE_FORM: ResourceFormValues = {
  title: "",
  description: "",
  type: "TOOL",
  accessLevel: "FREE",
  projectId: "",
  fileUrl: "",
  imageUrl: "",
  oneTimePrice: "",
  monthlyPrice: "",
  draft: false,
};

const valuesFromResource = (resource: Resource): ResourceFormValues => valuesOf(resource, EMPTY_RESOURCE_FORM);

/** A number input's text as the API's decimal string; blank → "" (0 on the server). */
const priceText = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? String(Math.round(value * 100) / 100) : trimmed;
};

export function resourcePayload(values: ResourceFormValues): ResourceInput {
  const premium = values.accessLevel === "PREMIUM";
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    accessLevel: values.accessLevel,
    projectId: orNull(values.projectId),
    fileUrl: orNull(values.fileUrl),
    imageUrl: orNull(values.imageUrl),
    // SPEC §7: always null when FREE.
    oneTimePrice: premium ? priceText(values.oneTimePrice) : null,
    monthlyPrice: premium ? priceText(values.monthlyPrice) : null,
    draft: values.draft,
  };
}

/** Field errors for the body the form would send, each the contract's own message (the one the API answers with). */
function checkResource(values: ResourceFormValues): FieldErrors<keyof ResourceFormValues> {
  return checkForm(ResourceInputSchema, resourcePayload(values));
}

/** The Create / Edit Resource dialog's form (SPEC §2 Admin resources). */
export const RESOURCE_FORM: ItemForm<ResourceFormValues, Resource> = {
  noun: "Resource",
  empty: EMPTY_RESOURCE_FORM,
  valuesFrom: valuesFromResource,
  check: checkResource,
  fallback: "Please try again",
};
