// The application form's values, checks and payload (SPEC §5), apart from React so they can be unit tested. The
// five rules, the upper limits and their messages all live on the route's own body schema
// (@api/modules/applications/schema), checked with the form kit: the dialog and the route cannot disagree on a word.
import { ApplicationBodySchema, type ApplicationBody, normaliseApplication } from "@api/modules/applications/schema";
import { checkForm, hasErrors } from "../../lib/forms";

export type ApplicationValues = {
  applicantName: string;
  company: string;
  applicantEmail: string;
  role: string;
  isEnterprise: boolean;
  enterpriseExplanation: string;
  interestDescription: string;
};
type ApplicationField = keyof ApplicationValues;
type ApplicationErrors = Partial<Record<ApplicationField, string>>;

/** Who the form is prefilled from: the signed-in user (pages pass Astro.locals.user down as a prop). */
export type ApplicantUser = { firstName: string | null; lastName: string | null; username: string; email: string };

/** SPEC §5: name = first and last name, else the username; e-mail from the account; isEnterprise false. */
export function applicationDefaults(user: ApplicantUser | null | undefined): ApplicationValues {
  const fullName = [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return {
    applicantName: fullName || user?.username || "",
    company: "",
    applicantEmail: user?.email ?? "",
    role: "",
    isEnterprise: false,
    enterpriseExplanation: "",
    interestDescription: "",
  };
}

/** The body sent to POST /api/challenges/{id}/register: trimmed, the explanation only when not enterprise. */
export const applicationPayload = (values: ApplicationValues): ApplicationBody => normaliseApplication(values);

/** Field → message for every broken rule (one message per field, the schema's own); {} when the form may be sent. */
export function checkApplication(values: ApplicationValues): ApplicationErrors {
  return checkForm(ApplicationBodySchema, applicationPayload(values)) as ApplicationErrors;
}

export const hasApplicationErrors = (errors: ApplicationErrors) => hasErrors(errors);
