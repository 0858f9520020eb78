// The admin project form's values and the request body they make (SPEC §5 admin project form). The rules and
// messages live on the contract (projectFormErrors); this file only maps between the form and the API.
import type { Project, ProjectInput } from "@api/modules/projects/schema";

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
export type ProjectFormMode = { kind: "create" } | { kind: "edit"; project: Project };

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

export function valuesFromProject(project: Project): ProjectFormValues {
  return {
    title: project.title,
    description: project.description,
    problem: project.problem,
    solution: project.solution,
    insights: project.insights ?? "",
    challengeId: project.challengeId ?? "",
    imageUrl: project.imageUrl ?? "",
    whitePaperUrl: project.whitePaperUrl ?? "",
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

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
