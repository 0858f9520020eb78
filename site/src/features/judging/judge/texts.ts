// The judge's screens' own sentences (the API's messages come from the judging contract).
/** A score sheet the API does not show this judge: not theirs, recused, or its round has closed. */
export const NOT_ASSIGNED = "This entry is not assigned to you, or its round has closed.";
/** A pairwise screen the API does not show this judge. */
export const NOT_COMPARING = "This round is not open to you for comparisons, or it has closed.";
