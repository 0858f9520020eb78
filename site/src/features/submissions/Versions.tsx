// The versions a team handed in (decision 019): each Submit and every change after it is a version (number, time,
// who); opening one shows its entries as they were — a link, a text rendered as Markdown, a file with its size, its
// SHA-256 (what a judge or the team can check a download against) and a download of that version's file through a
// short-lived signed link. Loaded when asked for, so the workspace's first paint does not wait for it.
import { useState } from "react";
import type { Static } from "@sinclair/typebox/type";
import type { VersionSchema, VersionSummarySchema } from "@api/modules/submissions/schema";
import Button from "../../components/ui/Button";
import { api, unwrap } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";
import { formatMoment } from "../../lib/format";
import EntryItems from "./EntryItems";

type Summary = Static<typeof VersionSummarySchema>;
type Version = Static<typeof VersionSchema>;

export default function Versions({ challengeId, latest }: { challengeId: string; latest: number }) {
  const [list, setList] = useState<Summary[] | null>(null);
  const [shown, setShown] = useState<Version | null>(null);
  const [busy, setBusy] = useState(false);
  const team = api.challenges({ id: challengeId }).submission;

  async function load<T>(run: () => Promise<T>, then: (value: T) => void) {
    if (busy) return;
    setBusy(true);
    try {
      then(await run());
    } catch (error) {
      failureToast(error, "Please try again", "Could not load the versions");
    } finally {
      setBusy(false);
    }
  }

  if (latest === 0) return null;
  return (
    <section aria-labelledby="versions-heading" className="space-y-3" data-testid="versions">
      <h2 id="versions-heading" className="text-2xl font-bold">
        Versions
      </h2>
      {list === null ? (
        <Button
          variant="outline"
          size="sm"
          busy={busy}
          busyLabel="Loading..."
          onClick={() => load(() => unwrap(team.versions.get()), setList)}
        >
          Show versions
        </Button>
      ) : (
        <ul className="space-y-1">
          {list.map((v) => (
            <li key={v.number}>
              <button
                type="button"
                className="link"
                aria-expanded={shown?.number === v.number}
                onClick={() => load(() => unwrap(team.versions({ number: v.number }).get()), setShown)}
              >
                Version {v.number}
              </button>{" "}
              <span className="text-sm opacity-80">
                {formatMoment(v.createdAt)}
                {v.createdBy ? ` by @${v.createdBy}` : ""} · {v.entries} {v.entries === 1 ? "entry" : "entries"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <div className="rounded-box border border-base-300 p-4" data-testid="version-detail">
          <h3 className="font-semibold">Version {shown.number}</h3>
          <EntryItems
            className="mt-2"
            items={shown.items}
            fileHref={(deliverableId) =>
              `/api/challenges/${encodeURIComponent(challengeId)}/submission/items/${encodeURIComponent(deliverableId)}/file?version=${shown.number}`
            }
          />
        </div>
      )}
    </section>
  );
}
