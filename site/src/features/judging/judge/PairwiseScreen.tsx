// The judge's pairwise screen (decision 021): "Which is better?" about two entries side by side. An answer brings
// the next pair; the last answer can be undone until the time the API gives (the button goes when it passes). A
// pair that changed meanwhile (another tab answered it) is replaced by the current one with the API's message. The
// buttons are disabled while a request runs, and a second click before React re-renders is ignored too.
import { useEffect, useRef, useState } from "react";
import type { PairEntry, PairState } from "@api/modules/judging/schema";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import { serverMessage } from "../../../lib/api";
import { withQueries } from "../../../lib/query";
import EntryItems from "../../submissions/EntryItems";
import { PairRefused, usePair, usePairStep } from "./judge.queries";

type Props = { roundId: string; state: PairState };

const comparisons = (n: number) => `${n} ${n === 1 ? "comparison" : "comparisons"} made`;

/** Whether the undo offer is still open, turning false when its time passes. */
function useUndoOpen(until: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    setNow(Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until !== undefined && Date.parse(until) > now;
}

function Side({ label, entry }: { label: string; entry: PairEntry }) {
  return (
    <article className="card border border-base-300 bg-base-200" data-testid={`entry-${label}`} aria-label={`Entry ${label}`}>
      <div className="card-body gap-3">
        <h3 className="card-title text-lg">
          <span className="badge badge-primary">{label}</span> {entry.team}
        </h3>
        <EntryItems items={entry.items} />
      </div>
    </article>
  );
}

function PairwiseScreen({ roundId, state: initial }: Props) {
  const { data: state } = usePair(roundId, initial);
  const step = usePairStep(roundId);
  const running = useRef(false);
  const [message, setMessage] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const undoOpen = useUndoOpen(state.undo?.until);

  function run(body: Parameters<typeof step.mutate>[0]) {
    if (running.current) return;
    running.current = true;
    setMessage(null);
    step.mutate(body, {
      onError: (error) => {
        if (error instanceof PairRefused)
          setMessage({ tone: error.current ? "info" : "error", text: error.message || "Please try again." });
        else setMessage({ tone: "error", text: serverMessage(error) || "Could not send your answer. Please try again." });
      },
      onSettled: () => {
        running.current = false;
      },
    });
  }

  const pair = state.pair;
  const busy = step.isPending;
  return (
    <div className="space-y-6">
      <p className="text-sm opacity-80" data-testid="comparisons">
        {comparisons(state.decisions)}
      </p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {pair ? (
        <section aria-labelledby="which-heading" className="space-y-4">
          <h2 id="which-heading" className="text-2xl font-bold">
            Which is better?
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <Side label="A" entry={pair.a} />
            <Side label="B" entry={pair.b} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={busy}
              onClick={() => run({ kind: "decide", winnerId: pair.a.submissionId, loserId: pair.b.submissionId })}
            >
              A is better
            </Button>
            <Button
              disabled={busy}
              onClick={() => run({ kind: "decide", winnerId: pair.b.submissionId, loserId: pair.a.submissionId })}
            >
              B is better
            </Button>
          </div>
        </section>
      ) : (
        <Alert tone="info">No more pairs for now.</Alert>
      )}
      {state.undo && undoOpen && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => run({ kind: "undo" })}>
            Undo
          </Button>
          <span className="text-sm opacity-80">Take back your last answer.</span>
        </div>
      )}
    </div>
  );
}

export default withQueries(PairwiseScreen);
