// Forgot password (SPEC §2, §4, §8): an email form, then the "Check Your Email" confirmation. The API answers
// the same for every address, so the confirmation never says whether an account exists. The form also posts to
// /forgot-password itself (before hydration, or without JavaScript): see submit.server.ts.
import { useState, type FormEvent } from "react";
import { EMAIL_MAX_LENGTH } from "@api/modules/auth/schema";
import { api, unwrap } from "../../lib/api";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import AuthCard from "./AuthCard";
import { checkForgotPassword, forgotPasswordBody, type ForgotPasswordState } from "./form";

const SENT_TEXT = "If an account exists with that email, we've sent password reset instructions.";

export default function ForgotPasswordForm({ initial }: { initial?: ForgotPasswordState }) {
  const form = useContractForm({ email: "" }, initial);
  const submit = useSubmit("Sending...");
  const [sentTo, setSentTo] = useState<string | null>(initial?.sentTo ?? null);
  const [notice, setNotice] = useState(initial?.message);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(undefined);
    if (submit.busy || !form.validate(e.currentTarget, checkForgotPassword(form.values.email))) return;
    const body = forgotPasswordBody(form.values.email);
    await submit.run(() => unwrap(api.auth["forgot-password"].post(body)), {
      failure: { title: "Failed to send reset email", fallback: "Something went wrong. Please try again." },
      onSuccess: () => {
        toast({ title: "Check your email", description: SENT_TEXT });
        setSentTo(body.email);
      },
    });
  }

  if (sentTo !== null) {
    return (
      <AuthCard title="Check Your Email" testId="forgot-password-sent">
        <p className="opacity-80">
          When an account uses <strong className="break-all">{sentTo}</strong>, a link to reset its password is on its way. Don't
          see it? Check your spam folder, or try again in a few minutes.
        </p>
        <a href="/login" className="btn btn-primary btn-block">
          Back to Login
        </a>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email address of your account and we'll send you a link to reset your password."
      footer={
        <a href="/login" className="link link-primary">
          Back to Login
        </a>
      }
    >
      <form
        method="post"
        action="/forgot-password"
        noValidate
        onSubmit={onSubmit}
        aria-label="Forgot password"
        className="flex flex-col gap-1"
      >
        {notice && <Alert className="mb-2">{notice}</Alert>}
        <Field label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} required {...form.field("email")} />
        <Button type="submit" block className="mt-3" {...submit.button}>
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
