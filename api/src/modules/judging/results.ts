// PLACEHOLDER until the panel/scores branch lands: the scores helper owns this file (live results, the snapshot a
// publish freezes, the ranking a later round carries forward); the integrator keeps the owner's version.
import { db } from "../../db/client";
import { canonicalJson, snapshotHash } from "./canonical-json";

/** The round's entries, best first (the placeholder: in submission id order). */
export async function rankedEntries(roundId: string): Promise<string[]> {
  const rows = await (await db()).roundEntry.findMany({
    where: { roundId },
    select: { submissionId: true },
    orderBy: { submissionId: "asc" },
  });
  return rows.map((r) => r.submissionId);
}

/** The round's results as the snapshot a publish freezes, its canonical JSON text and that text's SHA-256. */
export async function buildSnapshot(roundId: string) {
  const round = await (await db()).judgingRound.findUniqueOrThrow({
    where: { id: roundId },
    select: { id: true, method: true, entries: { select: { submissionId: true }, orderBy: { submissionId: "asc" } } },
  });
  const snapshot = { roundId: round.id, method: round.method, entries: round.entries.map((e) => e.submissionId) };
  return { snapshot, canonical: canonicalJson(snapshot), sha256: snapshotHash(snapshot) };
}
