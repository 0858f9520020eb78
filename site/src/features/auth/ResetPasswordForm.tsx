// /reset-password/{token} (SPEC §2, §4, §5, §8): new password (at least 8) and confirmation; on success the
// "Password Reset!" view, then /login after 3 seconds.
import { useEffect, useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "@api/modules/auth/schema";
import { api } from "../../lib/api";
import { toast } from "../../stores/toast";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import AuthCard from "./AuthCard";
import { serverMessage, useForm } from "./form";
import { checkResetPassword } from "./validation";

/** SPEC §9: redirect after password reset. */
export const RESET_REDIRECT_MS = 3000;
const SUCCESS_TEXT = "Your password has been reset successfully";

export default function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({ newPassword: "", confirmPassword: "" });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign("/login"), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !form.validate(e.currentTarget, checkResetPassword(form.values))) return;
    setBusy(true);
    try {
      await api.post("/api/auth/reset-password", { token, newPassword: form.values.newPassword });
      toast({ title: "Success", description: SUCCESS_TEXT });
      setDone(true);
    } catch (error) {
      toast({ variant: "destructive", title: "Error", description: serverMessage(error) || "Failed to reset password" });
    } finally {
      setBusy(false);
    }
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
      <form noValidate onSubmit={onSubmit} aria-label="Reset password" className="flex flex-col gap-1">
        <Field label="New Password" type="password" autoComplete="new-password" required hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} {...form.field("newPassword")} />
        <Field label="Confirm Password" type="password" autoComplete="new-password" required {...form.field("confirmPassword")} />
        <Button type="submit" block className="mt-3" busy={busy} busyLabel="Resetting...">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
