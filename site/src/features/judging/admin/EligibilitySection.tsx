// The Eligibility tab of the admin Judging dialog (decision 021): every submitted entry with its verdict. Pass, or Fail
// with the reason the team is told (a fail without a reason is refused here and by the API); final once round one opens.
import { useState } from "react";
import { ELIGIBILITY_REASON_MAX_LENGTH, type EligibilityRow } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Spinner from "../../../components/ui/Spinner";
import TextArea from "../../../components/ui/TextArea";
import { serverMessage } from "../../../lib/api";
import { formatMoment } from "../../../lib/format";
import { useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import { useDecideEligibility, useEligibility } from "./judging-admin.queries";

export const teamName = (members: { name: string }[]) =>
  members.length > 0 ? members.map((m) => m.name).join(", ") : "Team without members";

function EligibilityItem({ challengeId, row }: { challengeId: string; row: EligibilityRow }) {
  const [failing, setFailing] = useState(false);
  const [reason, setReason] = useState(row.reason ?? "");
  const [error, setError] = useState<string>();
  const decide = useDecideEligibility(challengeId);
  const submit = useSubmit("Saving...");
  const team = teamName(row.members);
  const run = (verdict: "PASS" | "FAIL") =>
    void submit.run(
      () => decide.mutateAsync({ submissionId: row.submissionId, verdict, reason: verdict === "FAIL" ? reason.trim() : null }),
      {
        failure: { title: "Saving the verdict failed", fallback: "Please try again." },
        onSuccess: () => {
          toast({
            title: verdict === "PASS" ? `${team}: passed` : `${team}: failed`,
            description: verdict === "FAIL" ? "The team is told why." : undefined,
          });
          setFailing(false);
        },
      },
    );
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="eligibility-row" aria-label={team}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-semibold">{team}</span>
          {row.submittedAt && <span className="text-sm opacity-80"> · submitted {formatMoment(row.submittedAt)}</span>}
        </span>
        {row.verdict === null ? (
          <Badge tone="ghost">Not screened</Badge>
        ) : (
          <Badge tone={row.verdict === "PASS" ? "success" : "error"}>{row.verdict === "PASS" ? "Pass" : "Fail"}</Badge>
        )}
      </div>
      {row.verdict === "FAIL" && row.reason && <p className="whitespace-pre-line text-sm">Reason: {row.reason}</p>}
      {failing ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setError("A failed check needs a reason: the team is told.");
            run("FAIL");
          }}
        >
          <TextArea
            label="Reason (the team sees it)"
            maxLength={ELIGIBILITY_REASON_MAX_LENGTH}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setFailing(false)}>
              Cancel
            </Button>
            <Button size="sm" variant="danger" type="submit" {...submit.button}>
              Confirm fail
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex justify-end gap-2">
          <Button size="sm" variant="outline" disabled={row.verdict === "PASS"} {...submit.button} onClick={() => run("PASS")}>
            Pass
          </Button>
          <Button size="sm" variant="danger" onClick={() => setFailing(true)}>
            Fail
          </Button>
        </div>
      )}
    </li>
  );
}

export default function EligibilitySection({ challengeId }: { challengeId: string }) {
  const rows = useEligibility(challengeId);
  if (rows.isPending) return <Spinner label="Loading the eligibility screen" />;
  if (rows.isError) return <Alert>{serverMessage(rows.error) || "Failed to load the eligibility screen."}</Alert>;
  const list = rows.data;
  const passed = list.filter((r) => r.verdict === "PASS").length;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm opacity-80">
        {list.length === 0
          ? "No submitted entries yet."
          : `${passed} of ${list.length} passed. Round one judges the entries that passed.`}
      </p>
      <ul className="flex flex-col gap-2">
        {list.map((row) => (
          <EligibilityItem key={row.submissionId} challengeId={challengeId} row={row} />
        ))}
      </ul>
    </div>
  );
}
