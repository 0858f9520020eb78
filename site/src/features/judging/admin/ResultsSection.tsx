// The Results tab of the admin Judging dialog (decision 021): per round its live results (rank, team, normalised score
// and mean, or μ ± σ for a pairwise round, or votes for a public vote), the exports (CSV or JSON, by judge or by
// entry), and for a public vote its votes: the tally, the anomaly flags, the votes, and voiding with a reason.
import { useState } from "react";
import {
  type Round,
  VOID_REASON_MAX_LENGTH,
  VOTE_MESSAGES,
  VoidVotesBodySchema,
  type VoteAdmin,
} from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Checkbox from "../../../components/ui/Checkbox";
import Spinner from "../../../components/ui/Spinner";
import TextArea from "../../../components/ui/TextArea";
import { serverMessage } from "../../../lib/api";
import { formatMoment } from "../../../lib/format";
import { checkForm, useSubmit } from "../../../lib/forms";
import { toast } from "../../../stores/toast";
import Confirm from "./Confirm";
import { teamName } from "./EligibilitySection";
import { useEligibility, useResults, useRounds, useVoidVotes, useVotes } from "./judging-admin.queries";
import RoundPicker from "./RoundPicker";

const number = (value: number | null | undefined, digits = 2) => (value == null ? "—" : value.toFixed(digits));

/** What each anomaly flag means, said to the admin who decides whether to void. */
export const FLAG_KIND: Record<string, { label: string; explained: string }> = {
  NETWORK: {
    label: "Many votes from one network",
    explained: "Many votes came from the same network in a short time.",
  },
  NEW_ACCOUNT: {
    label: "Accounts created after the round opened",
    explained: "These voters signed up after the vote opened.",
  },
  BURST: {
    label: "Burst of votes",
    explained: "One entry got many votes in a short time.",
  },
};

function Exports({ round }: { round: Round }) {
  const link = (format: "csv" | "json", by: "judge" | "entry") => `/api/rounds/${round.id}/export?format=${format}&by=${by}`;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span>Export:</span>
      <a className="link" href={link("csv", "judge")} download>
        CSV by judge
      </a>
      <a className="link" href={link("csv", "entry")} download>
        CSV by entry
      </a>
      <a className="link" href={link("json", "judge")} download>
        JSON by judge
      </a>
      <a className="link" href={link("json", "entry")} download>
        JSON by entry
      </a>
    </p>
  );
}

function ResultsTable({ challengeId, round }: { challengeId: string; round: Round }) {
  const results = useResults(challengeId, round.id);
  if (results.isPending) return <Spinner label="Loading the results" />;
  if (results.isError) return <Alert>{serverMessage(results.error) || "Failed to load the results."}</Alert>;
  const { entries, ranked } = results.data;
  if (entries.length === 0) return <p className="opacity-80">No results yet.</p>;
  return (
    <div className="overflow-x-auto">
      {!ranked && <p className="text-sm opacity-80">Not ranked yet: no scores, decisions or votes so far.</p>}
      <table className="table table-sm" aria-label={`Results of ${round.name}`}>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Team</th>
            {round.method === "RUBRIC" && (
              <>
                <th scope="col">Normalised</th>
                <th scope="col">Mean</th>
                <th scope="col">Judges</th>
              </>
            )}
            {round.method === "PAIRWISE" && <th scope="col">μ ± σ</th>}
            {round.method === "PUBLIC_VOTE" && <th scope="col">Votes</th>}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.submissionId} data-testid="result-row">
              <td>{e.rank ?? "—"}</td>
              <td>{e.team}</td>
              {round.method === "RUBRIC" && (
                <>
                  <td>{number(e.normalised)}</td>
                  <td>{number(e.mean)}</td>
                  <td>{e.judges}</td>
                </>
              )}
              {round.method === "PAIRWISE" && <td>{e.mu == null ? "—" : `${number(e.mu)} ± ${number(e.sigma)}`}</td>}
              {round.method === "PUBLIC_VOTE" && <td>{e.votes ?? 0}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VoidForm({
  challengeId,
  round,
  selected,
  onDone,
}: {
  challengeId: string;
  round: Round;
  selected: string[];
  onDone: () => void;
}) {
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; voteIds?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const voidVotes = useVoidVotes(challengeId);
  const submit = useSubmit("Voiding...");
  const published = round.state === "PUBLISHED";
  const body = { voteIds: selected, reason: reason.trim() };
  const run = () =>
    void submit.run(
      () =>
        voidVotes.mutateAsync({ roundId: round.id, ...body }).catch((err: unknown) => {
          setErrors({ reason: serverMessage(err) || undefined });
          setConfirming(false);
          throw err;
        }),
      {
        failure: { title: "Voiding the votes failed", fallback: "Please try again." },
        onSuccess: ({ voided }) => {
          toast({ title: `${voided} ${voided === 1 ? "vote" : "votes"} voided`, description: "Voided votes never count." });
          setReason("");
          setConfirming(false);
          onDone();
        },
      },
    );
  return (
    <form
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      aria-label="Void votes"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = checkForm(VoidVotesBodySchema, body);
        setErrors(found);
        if (!found.reason && !found.voteIds) setConfirming(true);
      }}
    >
      {published && <Alert tone="info">{VOTE_MESSAGES.published}</Alert>}
      <p className="text-sm">
        {selected.length} {selected.length === 1 ? "vote" : "votes"} selected
      </p>
      {errors.voteIds && <Alert>{errors.voteIds}</Alert>}
      <TextArea
        label="Reason for voiding (kept with the votes)"
        maxLength={VOID_REASON_MAX_LENGTH}
        disabled={published}
        value={reason}
        error={errors.reason}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors({});
        }}
      />
      {confirming ? (
        <Confirm
          label="Confirm voiding"
          warning={`Void ${selected.length} ${selected.length === 1 ? "vote" : "votes"}? Voided votes never count again.`}
          confirm="Confirm: void votes"
          busy={submit.button}
          onCancel={() => setConfirming(false)}
          onConfirm={run}
        />
      ) : (
        <Button size="sm" variant="danger" type="submit" className="self-end" disabled={published || selected.length === 0}>
          Void votes
        </Button>
      )}
    </form>
  );
}

function VotesPanel({ challengeId, round }: { challengeId: string; round: Round }) {
  const votes = useVotes(challengeId, round.id);
  const entries = useEligibility(challengeId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  if (votes.isPending) return <Spinner label="Loading the votes" />;
  if (votes.isError) return <Alert>{serverMessage(votes.error) || "Failed to load the votes."}</Alert>;
  const teams = new Map((entries.data ?? []).map((row) => [row.submissionId, teamName(row.members)]));
  const team = (submissionId: string) => teams.get(submissionId) ?? "Entry";
  const data: VoteAdmin = votes.data;
  const live = new Set(data.votes.filter((v) => !v.voidedAt).map((v) => v.id));
  const toggle = (ids: string[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids)
        if (!on) next.delete(id);
        else if (live.has(id)) next.add(id);
      return next;
    });
  const published = round.state === "PUBLISHED";
  return (
    <section className="flex flex-col gap-3" aria-label="Votes">
      <h3 className="font-semibold">Votes</h3>
      {data.tally.length === 0 ? (
        <p className="opacity-80">No votes yet.</p>
      ) : (
        <table className="table table-sm" aria-label="Tally">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Team</th>
              <th scope="col">Votes</th>
            </tr>
          </thead>
          <tbody>
            {data.tally.map((row) => (
              <tr key={row.submissionId}>
                <td>{row.rank}</td>
                <td>{team(row.submissionId)}</td>
                <td>{row.votes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h4 className="font-semibold">Flags</h4>
      {data.flags.length === 0 ? (
        <p className="text-sm opacity-80">No anomalies found.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.flags.map((flag) => {
            const kind = FLAG_KIND[flag.kind] ?? { label: flag.kind, explained: "" };
            const key = flag.kind === "BURST" ? team(flag.key) : flag.key;
            const ids = flag.voteIds.filter((id) => live.has(id));
            const all = ids.length > 0 && ids.every((id) => selected.has(id));
            return (
              <li
                key={`${flag.kind}-${flag.key}`}
                className="rounded-box border border-warning p-2 text-sm"
                data-testid="vote-flag"
              >
                <p>
                  <Badge tone="warning">{kind.label}</Badge> {key} · {flag.voteIds.length}{" "}
                  {flag.voteIds.length === 1 ? "vote" : "votes"}
                </p>
                <p className="opacity-80">{kind.explained}</p>
                {!published && ids.length > 0 && (
                  <Checkbox
                    label={`Select this flag's ${ids.length} ${ids.length === 1 ? "vote" : "votes"}`}
                    checked={all}
                    onChange={(e) => toggle(ids, e.target.checked)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <VoidForm challengeId={challengeId} round={round} selected={[...selected]} onDone={() => setSelected(new Set())} />
      <h4 className="font-semibold">All votes{data.truncated ? " (the most recent 1,000)" : ""}</h4>
      {data.votes.length === 0 ? (
        <p className="text-sm opacity-80">No votes yet.</p>
      ) : (
        <div className="max-h-96 overflow-auto">
          <table className="table table-sm" aria-label="Votes cast">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Selected</span>
                </th>
                <th scope="col">Voter</th>
                <th scope="col">Team</th>
                <th scope="col">Network</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.votes.map((v) => (
                <tr key={v.id} data-testid="vote-row">
                  <td>
                    {!v.voidedAt && !published && (
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        aria-label={`Select the vote of @${v.voter.username} for ${team(v.submissionId)}`}
                        checked={selected.has(v.id)}
                        onChange={(e) => toggle([v.id], e.target.checked)}
                      />
                    )}
                  </td>
                  <td>@{v.voter.username}</td>
                  <td>{team(v.submissionId)}</td>
                  <td>{v.network}</td>
                  <td>{formatMoment(v.createdAt)}</td>
                  <td>{v.voidedAt ? `Voided: ${v.voidReason ?? ""}` : "Counted"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function ResultsSection({ challengeId }: { challengeId: string }) {
  const rounds = useRounds(challengeId);
  const [roundId, setRoundId] = useState("");
  if (rounds.isPending) return <Spinner label="Loading rounds" />;
  if (rounds.isError) return <Alert>{serverMessage(rounds.error) || "Failed to load the rounds."}</Alert>;
  const started = rounds.data.filter((r) => r.state !== "DRAFT");
  if (started.length === 0) return <p className="opacity-80">No results yet: a round has results once it opens.</p>;
  const round = started.find((r) => r.id === roundId) ?? started[started.length - 1];
  if (!round) return null;
  return (
    <div className="flex flex-col gap-3">
      <RoundPicker rounds={started} value={round.id} onChange={setRoundId} />
      <Exports round={round} />
      <ResultsTable challengeId={challengeId} round={round} />
      {round.method === "PUBLIC_VOTE" && <VotesPanel challengeId={challengeId} round={round} />}
    </div>
  );
}
