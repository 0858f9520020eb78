// /verify-email/{token} (SPEC §2, §4, §8): loading, then success or error. The link's token is used once, on
// mount; a failure the server explains shows its message, a network failure a fixed one — in the card and as SPEC §8's
// toast.
import { useEffect, useRef, useState } from "react";
import { api, ApiError, serverMessage, unwrap } from "../../lib/api";
import Spinner from "../../components/ui/Spinner";
import { toast } from "../../stores/toast";
import AuthCard from "./AuthCard";

type State = { status: "loading" } | { status: "success"; message: string } | { status: "error"; message: string };

export default function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const started = useRef(false);

  useEffect(() => {
    // Guard against a double mount (dev StrictMode): a second call would find the token already spent.
    if (started.current) return;
    started.current = true;
    unwrap(api.auth["verify-email"]({ token }).get())
      .then((body) => setState({ status: "success", message: body?.message || "Your email address has been verified." }))
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError
            ? serverMessage(error) || "Failed to verify email"
            : "An error occurred while verifying your email";
        setState({ status: "error", message });
        // SPEC §8 says it as a toast too (the page's card stays, with the way home).
        toast({ title: "Error", description: message, variant: "destructive" });
      });
  }, [token]);

  if (state.status === "loading") {
    return (
      <AuthCard title="Verifying your email" testId="verify-email">
        <div className="flex items-center gap-3" aria-live="polite">
          <Spinner label="Verifying your email" />
          <p className="opacity-80">Please wait while we confirm your email address…</p>
        </div>
      </AuthCard>
    );
  }
  if (state.status === "success") {
    return (
      <AuthCard title="Email Verified!" testId="verify-email">
        <p role="status" className="opacity-80">
          {state.message}
        </p>
        <a href="/login" className="btn btn-primary btn-block">
          Go to Login
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verification Failed" testId="verify-email">
      <p role="alert" className="text-error">
        {state.message}
      </p>
      <a href="/" className="btn btn-primary btn-block">
        Go to Home
      </a>
    </AuthCard>
  );
}
