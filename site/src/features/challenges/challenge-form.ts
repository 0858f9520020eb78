// The admin challenge form (SPEC §5): what the inputs hold, how a stored challenge fills them, the payload the API
// takes (startDate as ISO, endDate as ISO or null, lists one item per line) and the checks before any request —
// the API's own body schema and its messages, plus the one cross-field rule (end on or after start).
import {
  ChallengeInputSchema,
  DEFAULT_CHALLENGE_STATUS,
  DEFAULT_TEAM_SIZE,
  END_BEFORE_START,
  type Challenge,
  type ChallengeInput,
  type ChallengeStatus,
} from "@api/modules/challenges/schema";
import { checkForm, orNull } from "../../lib/forms";
import type { ItemForm } from "../admin/ItemFormDialog";

export type ChallengeFormValues = {
  title: string;
  description: string;
  fullDescription: string;
  status: ChallengeStatus;
  /** YYYY-MM-DD from a date input; midnight UTC is sent. */
  startDate: string;
  endDate: string;
  imageUrl: string;
  /** One item per line. */
  requirements: string;
  outcomes: string;
  timeline: string;
  /** Most people on one team (decision 019), as typed. */
  teamSize: string;
};
type ChallengeFormErrors = Partial<Record<keyof ChallengeFormValues, string>>;

export const EMPTY_CHALLENGE_FORM: ChallengeFormValues = {
  title: "",
  description: "",
  fullDescription: "",
  status: DEFAULT_CHALLENGE_STATUS,
  startDate: "",
  endDate: "",
  imageUrl: "",
  requirements: "",
  outcomes: "",
  timeline: "",
  teamSize: String(DEFAULT_TEAM_SIZE),
};

export function valuesFromChallenge(c: Challenge): ChallengeFormValues {
  return {
    title: c.title,
    description: c.description,
    fullDescription: c.fullDescription ?? "",
    status: c.status,
    startDate: c.startDate.slice(0, 10),
    endDate: c.endDate?.slice(0, 10) ?? "",
    imageUrl: c.imageUrl ?? "",
    requirements: c.requirements.join("\n"),
    outcomes: c.outcomes.join("\n"),
    timeline: c.timeline ?? "",
    teamSize: String(c.teamSize),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A date input's day as an ISO timestamp; anything else is passed on as typed, for the schema to refuse. */
const isoDay = (day: string) => (DAY.test(day) ? `${day}T00:00:00.000Z` : day);
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function challengePayload(v: ChallengeFormValues): ChallengeInput {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    fullDescription: orNull(v.fullDescription),
    status: v.status,
    startDate: isoDay(v.startDate.trim()),
    endDate: v.endDate.trim() ? isoDay(v.endDate.trim()) : null,
    imageUrl: orNull(v.imageUrl),
    requirements: lines(v.requirements),
    outcomes: lines(v.outcomes),
    timeline: orNull(v.timeline),
    // A whole number as typed goes as a number; anything else as it is, for the schema to refuse with its message.
    teamSize: (/^\d+$/.test(v.teamSize.trim()) ? Number(v.teamSize.trim()) : v.teamSize) as number,
  };
}

/** Field errors for a payload, each the schema's own message (the one the API would answer with). */
export function checkChallenge(v: ChallengeFormValues): ChallengeFormErrors {
  const payload = challengePayload(v);
  const errors = checkForm(ChallengeInputSchema, payload) as ChallengeFormErrors;
  if (!errors.startDate && !errors.endDate && payload.endDate && payload.endDate < payload.startDate)
    errors.endDate = END_BEFORE_START;
  return errors;
}

/** The Create / Edit Challenge dialog's form (SPEC §2 Admin challenges): "Saving..." whether it creates or updates. */
export const CHALLENGE_FORM: ItemForm<ChallengeFormValues, Challenge> = {
  noun: "Challenge",
  empty: EMPTY_CHALLENGE_FORM,
  valuesFrom: valuesFromChallenge,
  check: checkChallenge,
  fallback: "Please try again",
  busyLabel: "Saving...",
};
