// /reset-password/{token} (SPEC §2, §4, §5, §8): new password (at least 8) and confirmation; on success the
// "Password Reset!" view, then /login after 3 seconds. The form also posts to its own page (before hydration, or
// without JavaScript): see submit.server.ts.
import { useEffect, useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "@api/modules/auth/schema";
import { api, unwrap } from "../../lib/api";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import { NewPasswordFields } from "./PasswordFields";
import AuthCard from "./AuthCard";
import { checkResetPassword, type ResetPasswordState, type ResetValues } from "./form";

/** SPEC §9: redirect after password reset. */
const RESET_REDIRECT_MS = 3000;
const SUCCESS_TEXT = "Your password has been reset successfully";

export default function ResetPasswordForm({ token, initial }: { token: string; initial?: ResetPasswordState }) {
  const form = useContractForm<ResetValues>({ newPassword: "", confirmPassword: "" }, initial);
  const submit = useSubmit("Resetting...");
  const [done, setDone] = useState(initial?.done ?? false);
  const [notice, setNotice] = useState(initial?.message);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign("/login"), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(undefined);
    // The token is the link's, not a field: a bad one is answered by the server ("Invalid reset token").
    const { token: _fromLink, ...fieldErrors } = checkResetPassword(form.values, token);
    if (submit.busy || !form.validate(e.currentTarget, fieldErrors)) return;
    await submit.run(() => unwrap(api.auth["reset-password"].post({ token, newPassword: form.values.newPassword })), {
      failure: { fallback: "Failed to reset password" },
      onSuccess: () => {
        toast({ title: "Success", description: SUCCESS_TEXT });
        setDone(true);
      },
    });
  }

  if (done) {
    return (
      <AuthCard title="Password Reset!" testId="reset-password-done">
        <p role="status" className="opacity-80">
          {SUCCESS_TEXT}. Taking you to the sign-in page…
        </p>
        <a href="/login" className="btn btn-primary btn-block">
          Go to Login
        </a>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form
        method="post"
        action={`/reset-password/${encodeURIComponent(token)}`}
        noValidate
        onSubmit={onSubmit}
        aria-label="Reset password"
        className="flex flex-col gap-1"
      >
        {notice && <Alert className="mb-2">{notice}</Alert>}
        <NewPasswordFields
          label="New Password"
          minLength={PASSWORD_MIN_LENGTH}
          fields={[form.field("newPassword"), form.field("confirmPassword")]}
        />
        <Button type="submit" block className="mt-3" {...submit.button}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
