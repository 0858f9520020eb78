// /profile (SPEC §2 Profile, §5, §8): "Personal Information" and "Change Password", each its own form with its
// own busy state. The page has already checked sign-in on the server and hands the user in. Both forms post to
// /profile when submitted before hydration (or without JavaScript); the page then hands a `notice` in.
import { useState, type FormEvent, type ReactNode } from "react";
import {
  AFFILIATIONS_HINT,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SHORT_PASSWORD_MIN_LENGTH,
  type CurrentUser,
} from "@api/modules/auth/schema";
import { api, unwrap } from "../../lib/api";
import { useContractForm, useSubmit } from "../../lib/forms";
import { toast } from "../../stores/toast";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Field from "../../components/ui/Field";
import TextArea from "../../components/ui/TextArea";
import { CurrentPasswordField, NewPasswordFields } from "./PasswordFields";
import {
  checkPasswordChange,
  checkProfile,
  passwordChangeBody,
  profileBody,
  profileNeedsPassword,
  type PasswordChangeValues,
  type ProfileValues,
} from "./form";

const profileValues = (user: CurrentUser): ProfileValues => ({
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  username: user.username,
  email: user.email,
  affiliations: user.affiliations.join("\n"),
  currentPassword: "",
});

function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="card border border-base-300 bg-base-200 shadow-sm" aria-labelledby={id}>
      <div className="card-body gap-3">
        <div>
          <h2 id={id} className="card-title text-xl">
            {title}
          </h2>
          <p className="text-sm opacity-80">{description}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

function PersonalInformationForm({ user }: { user: CurrentUser }) {
  const form = useContractForm(profileValues(user));
  const [savedEmail, setSavedEmail] = useState(user.email);
  const submit = useSubmit("Saving...");
  const needsPassword = profileNeedsPassword(form.values, savedEmail);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submit.busy || !form.validate(e.currentTarget, checkProfile(form.values, savedEmail))) return;
    await submit.run(() => unwrap(api.profile.patch(profileBody(form.values, savedEmail))), {
      // The server's reason ("Username is already taken") wins over the generic SPEC text.
      failure: { title: "Update failed", fallback: "Failed to update profile information." },
      onSuccess: (updated) => {
        if (!("username" in updated)) return; // the route answers a user for a profile update
        form.reset(profileValues(updated));
        setSavedEmail(updated.email);
        // The header is rendered on the server: show the new name there without a reload.
        for (const label of document.querySelectorAll("[data-account-name]"))
          label.textContent = updated.firstName || updated.username;
        toast({ title: "Profile updated", description: "Your personal information has been saved." });
      },
    });
  }

  return (
    <SettingsCard
      id="personal-information"
      title="Personal Information"
      description="Update your name, username and email address."
    >
      <form
        method="post"
        action="/profile"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="personal-information"
        className="flex flex-col gap-1"
      >
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field label="First Name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...form.field("firstName")} />
          <Field label="Last Name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...form.field("lastName")} />
        </div>
        <Field
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.field("username")}
        />
        <Field label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} required {...form.field("email")} />
        <TextArea
          label="Affiliations"
          hint={`${AFFILIATIONS_HINT} One organisation per line.`}
          rows={3}
          spellCheck={false}
          {...form.field("affiliations")}
        />
        {needsPassword && (
          <CurrentPasswordField
            label="Current Password"
            hint="Needed to change your e-mail address. We'll send a verification link to the new address and let the old one know."
            {...form.field("currentPassword")}
          />
        )}
        <div className="mt-3">
          <Button type="submit" {...submit.button}>
            Save Changes
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

function ChangePasswordForm() {
  const form = useContractForm<PasswordChangeValues>({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const submit = useSubmit("Updating...");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submit.busy || !form.validate(e.currentTarget, checkPasswordChange(form.values))) return;
    await submit.run(() => unwrap(api.profile.patch(passwordChangeBody(form.values))), {
      failure: { title: "Password change failed", fallback: "Failed to update password." },
      onSuccess: () => {
        form.reset();
        toast({ title: "Password updated", description: "Your password has been changed." });
      },
    });
  }

  return (
    <SettingsCard id="change-password" title="Change Password" description="Enter your current password, then choose a new one.">
      <form
        method="post"
        action="/profile"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="change-password"
        className="flex flex-col gap-1"
      >
        <CurrentPasswordField label="Current Password" {...form.field("currentPassword")} />
        <NewPasswordFields
          label="New Password"
          confirmLabel="Confirm New Password"
          minLength={SHORT_PASSWORD_MIN_LENGTH}
          fields={[form.field("newPassword"), form.field("confirmPassword")]}
        />
        <div className="mt-3">
          <Button type="submit" {...submit.button}>
            Update Password
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

export default function ProfileSettings({ user, notice }: { user: CurrentUser; notice?: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">Profile</h1>
      <p className="mt-1 opacity-80">Manage your account details and password.</p>
      {notice && <Alert className="mt-6">{notice}</Alert>}
      <div className="mt-8 flex flex-col gap-6">
        <PersonalInformationForm user={user} />
        <ChangePasswordForm />
      </div>
    </div>
  );
}
