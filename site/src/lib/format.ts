// How dates and counts read on screen (SPEC §2). UI formatting lives in the site; the API sends ISO strings.

/** 'MMM dd, yyyy' (e.g. "Nov 02, 2026"), in UTC so server and browser agree. */
export function formatCreated(iso: string): string {
  const d = new Date(iso);
  const month = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  return `${month} ${String(d.getUTCDate()).padStart(2, "0")}, ${d.getUTCFullYear()}`;
}

/** YYYY-MM-DD of an ISO timestamp, in UTC so server and browser agree (SPEC §2 challenge card). */
export function formatDay(iso: string): string {
  return iso.slice(0, 10);
}

/** 'MMM dd, yyyy HH:mm UTC' (e.g. "Nov 02, 2026 14:05 UTC"): when something happened, to the minute (operations). */
export function formatMoment(iso: string): string {
  return `${formatCreated(iso)} ${new Date(iso).toISOString().slice(11, 16)} UTC`;
}

/** A challenge's participant count as words: "1 participant", "12 participants". */
export const participants = (count: number): string => `${count} ${count === 1 ? "participant" : "participants"}`;
