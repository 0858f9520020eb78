// Register Now and the application dialog (SPEC §2 Challenge detail, §4, §5, §8) for signed-in members; visitors
// get the page's own 'Sign In Required' dialog and never load this island. The form checks SPEC's five rules with
// the API's schema before any request (the form kit); on success it shows 'Application Submitted!' (the page's
// participant count stays: it counts approved applications, and a new one is pending). Closing resets the form 200 ms
// later (SPEC §9), after the close animation.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { APPLICATION_MAX } from "@api/modules/applications/schema";
import Modal from "../../components/ui/Modal";
import Field from "../../components/ui/Field";
import Button from "../../components/ui/Button";
import { useContractForm, useSubmit } from "../../lib/forms";
import { withQueries } from "../../lib/query";
import { toast } from "../../stores/toast";
import { useApply } from "./applications.queries";
import { applicationStatus } from "./application-status";
import {
  applicationDefaults,
  applicationPayload,
  checkApplication,
  type ApplicantUser,
  type ApplicationValues,
} from "./application-form";
import TextArea from "../../components/ui/TextArea";

/** SPEC §9: the dialog resets 200 ms after it closes. */
const DIALOG_RESET_DELAY_MS = 200;

type Props = {
  challengeId: string;
  challengeTitle: string;
  /** The signed-in user (Astro.locals.user): the form's defaults. */
  user: ApplicantUser;
  /** The status of this user's application to this challenge, when they already applied. */
  appliedStatus?: string | null;
};

function ApplicationDialog({ challengeId, challengeTitle, user, appliedStatus = null }: Props) {
  const [open, setOpen] = useState(false);
  const form = useContractForm<ApplicationValues>(applicationDefaults(user));
  const { values } = form;
  const submit = useSubmit("Submitting...");
  const [submitted, setSubmitted] = useState(false);
  const [applied, setApplied] = useState<string | null>(appliedStatus);
  const apply = useApply(challengeId);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const show = () => {
    clearTimeout(resetTimer.current);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      form.reset(applicationDefaults(user));
      setSubmitted(false);
      apply.reset();
    }, DIALOG_RESET_DELAY_MS);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A double click sends one request (and the API keeps one row regardless).
    if (submit.busy || !form.validate(e.currentTarget, checkApplication(values))) return;
    await submit.run(() => apply.mutateAsync(applicationPayload(values)), {
      failure: { title: "Submission Failed", fallback: "Failed to submit application. Please try again." },
      onSuccess: (application) => {
        setApplied(application.status);
        setSubmitted(true);
        toast({ title: "Application Submitted", description: "We'll review your application and get back to you." });
      },
    });
  };

  return (
    <>
      {/* One application per member and challenge: once there is one, Register Now would only earn a 409. The
          button turns into Already Applied the moment the application is in — also while the success dialog is
          still open, so the page never offers Register Now next to "Pending Review". It is one element changed in
          place and stays focusable (aria-disabled), so the closing dialog hands focus back to it. */}
      <button
        type="button"
        className="btn btn-primary"
        aria-disabled={applied ? true : undefined}
        aria-haspopup={applied ? undefined : "dialog"}
        onClick={applied ? undefined : show}
      >
        {applied ? "Already Applied" : "Register Now"}
      </button>
      {applied && (
        <p className="text-sm" data-testid="application-state">
          Your application: <strong>{applicationStatus(applied).label}</strong> ·{" "}
          <a href="/my-applications" className="link">
            My Applications
          </a>
        </p>
      )}
      <Modal open={open} onClose={close} wide title={submitted ? "Application Submitted!" : `Apply to ${challengeTitle}`}>
        {submitted ? (
          <div className="flex flex-col gap-4" role="status">
            <p>
              Thank you for applying to {challengeTitle}. The organisers will review your application; you can follow its status
              in My Applications.
            </p>
            <div className="modal-action">
              <a href="/my-applications" className="btn btn-outline">
                My Applications
              </a>
              <Button onClick={close}>Close</Button>
            </div>
          </div>
        ) : (
          <form
            method="post"
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            className="flex flex-col gap-1"
            aria-label="Application form"
          >
            <p className="text-sm opacity-80">
              Participation requires approval. Tell the organisers about yourself and why you want to join.
            </p>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field
                label="Full Name"
                autoComplete="name"
                required
                maxLength={APPLICATION_MAX.applicantName}
                {...form.field("applicantName")}
              />
              <Field
                label="Email"
                type="email"
                autoComplete="email"
                required
                maxLength={APPLICATION_MAX.applicantEmail}
                {...form.field("applicantEmail")}
              />
              <Field
                label="Company"
                autoComplete="organization"
                required
                maxLength={APPLICATION_MAX.company}
                {...form.field("company")}
              />
              <Field
                label="Role"
                autoComplete="organization-title"
                required
                maxLength={APPLICATION_MAX.role}
                {...form.field("role")}
              />
            </div>
            <label className="label mt-2 cursor-pointer gap-2 whitespace-normal text-base-content">
              <input type="checkbox" className="checkbox checkbox-primary" {...form.checkbox("isEnterprise")} />I am applying as
              an enterprise participant (on behalf of my organisation)
            </label>
            {!values.isEnterprise && (
              <TextArea
                label="Enterprise explanation (optional)"
                maxLength={APPLICATION_MAX.enterpriseExplanation}
                hint="If you are not joining on behalf of an enterprise, tell us how you plan to take part."
                {...form.field("enterpriseExplanation")}
              />
            )}
            <TextArea
              label="Why are you interested?"
              required
              rows={4}
              maxLength={APPLICATION_MAX.interestDescription}
              {...form.field("interestDescription")}
            />
            <div className="modal-action">
              <Button variant="ghost" onClick={close} disabled={submit.busy}>
                Cancel
              </Button>
              <Button type="submit" {...submit.button}>
                Submit Application
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}

export default withQueries(ApplicationDialog);
