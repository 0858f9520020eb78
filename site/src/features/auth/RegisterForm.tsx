// Create an account (SPEC §2 Register, §5, §8). Every rule is checked here first — in particular a password
// mismatch or one shorter than 8 characters never reaches the API. Success signs the visitor in; / is reloaded.
// The form also posts to /register itself (before hydration, or without JavaScript): see submit.server.ts.
import { useState, type FormEvent } from "react";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@api/modules/auth/schema";
import { api, unwrap } from "../../lib/api";
import { useContractForm, useSubmit } from "../../lib/forms";
import { flashToast } from "../../stores/toast";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import { NewPasswordFields } from "./PasswordFields";
import AuthCard from "./AuthCard";
import { checkRegister, registerBody, type FormState, type RegisterValues } from "./form";

/** `email`: the address an invitation link carries (/register?email=…), filled in for the visitor. */
export default function RegisterForm({ initial, email = "" }: { initial?: FormState<keyof RegisterValues>; email?: string }) {
  const form = useContractForm<RegisterValues>(
    { firstName: "", lastName: "", username: "", email, password: "", confirmPassword: "" },
    initial,
  );
  const submit = useSubmit("Creating account...");
  const [notice, setNotice] = useState(initial?.message);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(undefined);
    if (submit.busy || !form.validate(e.currentTarget, checkRegister(form.values))) return;
    await submit.run(() => unwrap(api.register.post(registerBody(form.values))), {
      failure: { fallback: "Failed to create account" },
      staysBusy: true, // the page is reloading
      onSuccess: () => {
        flashToast({ title: "Account created successfully! You are now logged in." });
        window.location.assign("/");
      },
    });
  }

  return (
    <AuthCard
      title="Create Account"
      subtitle="Join challenges, collaborate with others and track your applications."
      footer={
        <>
          Already have an account?{" "}
          <a href="/login" className="link link-primary">
            Sign in
          </a>
        </>
      }
    >
      <form
        method="post"
        action="/register"
        noValidate
        onSubmit={onSubmit}
        aria-label="Create account"
        className="flex flex-col gap-1"
      >
        {notice && <Alert className="mb-2">{notice}</Alert>}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field
            label="First Name (optional)"
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            {...form.field("firstName")}
          />
          <Field
            label="Last Name (optional)"
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            {...form.field("lastName")}
          />
        </div>
        <Field
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="Letters, numbers, dots, dashes and underscores."
          {...form.field("username")}
        />
        <Field label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} required {...form.field("email")} />
        <NewPasswordFields minLength={PASSWORD_MIN_LENGTH} fields={[form.field("password"), form.field("confirmPassword")]} />
        <Button type="submit" block className="mt-3" {...submit.button}>
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
