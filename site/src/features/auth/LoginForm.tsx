// Sign in (SPEC §2 Login, §5, §8): both fields required before any request; on success a toast that survives
// the reload, then / is loaded afresh so every island sees the new session. The form also posts to /login itself
// (before hydration, or without JavaScript); the page then hands back `initial` (submit.server.ts).
import { useState, type FormEvent } from "react";
import { EMAIL_MAX_LENGTH, MESSAGES } from "@api/modules/auth/schema";
import { api, unwrap } from "../../lib/api";
import { useContractForm, useSubmit } from "../../lib/forms";
import { flashToast } from "../../stores/toast";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import AuthCard from "./AuthCard";
import { checkLogin, loginBody, type FormState, type LoginValues } from "./form";

export default function LoginForm({ initial }: { initial?: FormState<keyof LoginValues> }) {
  const form = useContractForm<LoginValues>({ usernameOrEmail: "", password: "" }, initial);
  const submit = useSubmit("Signing in...");
  const [notice, setNotice] = useState(initial?.message);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(undefined);
    if (submit.busy || !form.validate(e.currentTarget, checkLogin(form.values))) return;
    await submit.run(() => unwrap(api.login.post(loginBody(form.values))), {
      failure: { fallback: MESSAGES.invalidCredentials },
      staysBusy: true, // the page is reloading
      onSuccess: () => {
        flashToast({ title: "You've been logged in successfully" });
        window.location.assign("/");
      },
    });
  }

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back. Sign in to apply to challenges and track your applications."
      footer={
        <>
          Don't have an account?{" "}
          <a href="/register" className="link link-primary">
            Create one
          </a>
        </>
      }
    >
      <form method="post" action="/login" noValidate onSubmit={onSubmit} aria-label="Sign in" className="flex flex-col gap-1">
        {notice && <Alert className="mb-2">{notice}</Alert>}
        <Field
          label="Username or Email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
          required
          {...form.field("usernameOrEmail")}
        />
        <Field label="Password" type="password" autoComplete="current-password" required {...form.field("password")} />
        <div className="mt-1 text-right text-sm">
          <a href="/forgot-password" className="link link-hover">
            Forgot password?
          </a>
        </div>
        <Button type="submit" block className="mt-3" {...submit.button}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
