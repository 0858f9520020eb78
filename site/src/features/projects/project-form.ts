// The admin project form's values, the request body they make and its checks (SPEC §5 admin project form). The
// rules and messages live on the route's own contract (ProjectInputSchema), checked with the form kit.
import { ProjectInputSchema, type Project, type ProjectFormErrors, type ProjectInput } from "@api/modules/projects/schema";
import { checkForm, orNull, valuesOf } from "../../lib/forms";
import type { ItemForm } from "../admin/ItemFormDialog";

export type ProjectFormValues = {
  title: string;
  description: string;
  problem: string;
  solution: string;
  insights: string;
  challengeId: string;
  imageUrl: string;
  whitePaperUrl: string;
};

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  title: "",
  description: "",
  problem: "",
  solution: "",
  insights: "",
  challengeId: "",
  imageUrl: "",
  whitePaperUrl: "",
};

export const valuesFromProject = (project: Project): ProjectFormValues => valuesOf(project, EMPTY_PROJECT_FORM);

/** SPEC §7 POST / PATCH payload: every field, optional ones as null when blank. */
export function projectPayload(values: ProjectFormValues): ProjectInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    problem: values.problem.trim(),
    solution: values.solution.trim(),
    challengeId: orNull(values.challengeId),
    insights: orNull(values.insights),
    imageUrl: orNull(values.imageUrl),
    whitePaperUrl: orNull(values.whitePaperUrl),
  };
}

/** Field errors for the body the form would send, each the contract's own message (the one the API answers with). */
export function checkProject(values: ProjectFormValues): ProjectFormErrors {
  return checkForm(ProjectInputSchema, projectPayload(values)) as ProjectFormErrors;
}

/** The Create / Edit Project dialog's form (SPEC §2 Admin projects). */
export const PROJECT_FORM: ItemForm<ProjectFormValues, Project> = {
  noun: "Project",
  empty: EMPTY_PROJECT_FORM,
  valuesFrom: valuesFromProject,
  check: checkProject,
  // No fallback text: without a message of the server's own the failure toast is its title alone.
  updateLabel: "Save Changes",
};
