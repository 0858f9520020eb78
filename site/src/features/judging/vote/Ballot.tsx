// The People's vote ballot (decision 021) for a signed-in member, on the challenge page while a public-vote round is
// open: the entries in the order the API gives this voter, one checkbox each, "x of N votes used" and Save my votes
// (the API's message shown when it refuses: an unverified e-mail, too many votes). Votes can be changed until the
// round closes; once it has, the tally (votes and rank per entry). Loaded only when the page has such a round.
import { useEffect, useState } from "react";
import type { Ballot as BallotData } from "@api/modules/judging/schema";
import { api, serverMessage, unwrap } from "../../../lib/api";
import { ballotTally, votesUsedText } from "./ballot-text";

type Props = {
  roundId: string;
  /** VOTE_MESSAGES.unverified, passed in by the page so the island does not load the judging contract. */
  unverifiedText: string;
};

export default function Ballot({ roundId, unverifiedText }: Props) {
  const [ballot, setBallot] = useState<BallotData | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);

  useEffect(() => {
    unwrap(api.rounds({ roundId }).ballot.get())
      .then((data) => {
        setBallot(data);
        setChosen(data.mine);
      })
      .catch(() => setFailed(true));
  }, [roundId]);

  if (failed)
    return (
      <p role="alert" className="text-sm">
        The ballot could not be loaded. Please reload the page.
      </p>
    );
  if (!ballot)
    return (
      <p className="text-sm opacity-80" aria-busy="true">
        Loading the ballot…
      </p>
    );

  if (ballot.state !== "OPEN") {
    const tally = ballotTally(ballot);
    if (!tally) return <p className="text-sm opacity-80">Voting has closed. The tally is shown once it is counted.</p>;
    return (
      <div data-testid="ballot-tally">
        <p className="text-sm opacity-80">Voting has closed. The tally:</p>
        <ol className="mt-2 divide-y divide-base-300 text-sm">
          {tally.map((row) => (
            <li key={row.submissionId} className="flex items-center justify-between gap-4 py-2" data-testid="tally-row">
              <span>
                <span className="opacity-70">{row.rank}.</span> {row.team}
              </span>
              <span className="tabular-nums">{row.votes === 1 ? "1 vote" : `${row.votes} votes`}</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  const toggle = (id: string) => {
    setMessage(null);
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  };
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await unwrap(api.rounds({ roundId }).votes.put({ submissionIds: chosen }));
      setChosen(saved.submissionIds);
      setMessage({ text: "Your votes are saved. You can change them until voting closes.", tone: "success" });
    } catch (error) {
      setMessage({ text: serverMessage(error) || "Your votes could not be saved. Please try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  const over = chosen.length > ballot.voteLimit;

  return (
    <form
      aria-label="Your ballot"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend className="text-sm opacity-80">
          Choose up to {ballot.voteLimit === 1 ? "one entry" : `${ballot.voteLimit} entries`}.
        </legend>
        <ul className="mt-2 divide-y divide-base-300">
          {ballot.entries.map((entry) => (
            <li key={entry.submissionId} data-testid="ballot-entry">
              <label className="flex cursor-pointer items-center gap-3 py-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  checked={chosen.includes(entry.submissionId)}
                  onChange={() => toggle(entry.submissionId)}
                />
                <span>{entry.team}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className={`mt-2 text-sm ${over ? "text-error" : "opacity-80"}`} data-testid="votes-used" aria-live="polite">
        {votesUsedText(chosen.length, ballot.voteLimit)}
      </p>
      {!ballot.canVote && <p className="mt-2 text-sm">{unverifiedText}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {/* A plain button, not ui/Button: sharing it would split it into a chunk of its own for every admin screen. */}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? "Saving..." : "Save my votes"}
        </button>
      </div>
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={`mt-2 text-sm ${message.tone === "error" ? "text-error" : ""}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
