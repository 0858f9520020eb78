// A submission version's items (decisions 019, 021), wherever they are shown: a link, a text rendered as Markdown, a
// file with its size and SHA-256 (what a judge or the team can check a download against). A file is downloaded through
// the caller's own route (`fileHref`: the team's version download, the judge's assignment file), never the storage
// URL; without one (the pairwise screen) the file is named, not linked. The team's Versions, the judge's score sheet
// (rendered on the server, no JavaScript) and the pairwise screen show them alike.
import { formatBytes, type VersionEntry } from "@api/modules/submissions/schema";
import Markdown, { safeHref } from "../../lib/markdown";

type Props = { items: unknown[]; fileHref?: (deliverableId: string) => string; className?: string };

export default function EntryItems({ items, fileHref, className = "" }: Props) {
  const entries = items as VersionEntry[];
  if (entries.length === 0) return <p className="text-sm opacity-80">This entry has no items.</p>;
  return (
    <dl className={`space-y-3 ${className}`} data-testid="entry-items">
      {entries.map((item) => {
        const href = item.url ? safeHref(item.url) : null;
        return (
          <div key={item.deliverableId}>
            <dt className="font-medium">{item.title}</dt>
            <dd className="text-sm">
              {item.file ? (
                <>
                  {fileHref ? (
                    <a className="link" rel="noreferrer" href={fileHref(item.deliverableId)}>
                      {item.file.name}
                    </a>
                  ) : (
                    <span>{item.file.name}</span>
                  )}{" "}
                  ({formatBytes(item.file.bytes)})
                  <span className="block break-all font-mono text-xs" data-testid="version-sha256">
                    SHA-256 {item.file.sha256}
                  </span>
                </>
              ) : item.text !== undefined ? (
                <Markdown text={item.text} />
              ) : href ? (
                <a className="link break-all" href={href} rel="nofollow noopener noreferrer" target="_blank">
                  {item.url}
                </a>
              ) : (
                <span className="break-all">{item.url}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
