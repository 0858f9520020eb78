// Keeps the page cache of every server process (server/page-cache.ts, Astro's route cache) in step with writes: a
// write drops the tags it changed here at once and, on PostgreSQL, in every other process through LISTEN/NOTIFY.
// The writer waits (briefly) for its own notification to come back before it answers, so when the response reaches
// the browser the other processes have been told too. On PGlite there is one process: nothing to tell.
// docs/decisions/015-page-cache.md.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "../lib/logger";
import { db } from "./client";

const CHANNEL = "page_cache";

/** Drops this process's kept pages showing any of `tags`, or all of them. */
type DropKeptPages = (tags: string[] | "all") => void;
/** Nothing is kept until the server hands in its route cache (a process serving only the API keeps no pages). */
let dropHere: DropKeptPages = () => {};

/**
 * The server's hook into its route cache (server/front.ts, when it serves the built site): this process's writes and
 * other processes' notifications drop kept pages through it. The route cache lives in Astro's bundle, which the API
 * cannot import; the server that holds both passes it in.
 */
export function keepPagesInStep(drop: DropKeptPages): void {
  dropHere = drop;
}

/** How long a writer waits for its own notification (normally well under a millisecond on one network). */
const ECHO_WAIT_MS = 1000;

type Listener = { connected: boolean; echoes: Map<string, () => void> };
let listener: Listener | undefined;

const invalidateHere = (tags: string[] | "all") => dropHere(tags);

/** Drops every kept page of this process (tests start each case with none, as after a deploy). */
export const dropAllKeptPages = () => dropHere("all");

/** Drops every kept page showing one of `tags`, in this process and (PostgreSQL) in every other. */
export async function pagesChanged(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  invalidateHere([...tags]);
  if (!listener) return;
  const nonce = randomUUID();
  const echoed = listener.connected ? new Promise<void>((resolve) => listener?.echoes.set(nonce, resolve)) : undefined;
  try {
    const payload = JSON.stringify({ nonce, tags });
    await (await db()).$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`;
    if (echoed) await Promise.race([echoed, Bun.sleep(ECHO_WAIT_MS)]);
  } catch (e) {
    // The write itself succeeded; other processes' pages go stale for at most their max-age.
    log.warn("could not tell the other processes which pages changed", { err: e, tags });
  } finally {
    listener.echoes.delete(nonce);
  }
}

/**
 * Listens for other processes' page changes on PostgreSQL (server/main.ts). A dropped connection is reopened; on
 * reopening everything is dropped, since notifications sent meanwhile were lost. `listening` settles once the first
 * LISTEN is in place: a process should not serve pages before it hears what the others change.
 */
export function listenForPageChanges(connectionString: string): { listening: Promise<void>; stop: () => Promise<void> } {
  const state: Listener = { connected: false, echoes: new Map() };
  let heard = () => {};
  const listening = new Promise<void>((resolve) => {
    heard = resolve;
  });
  listener = state;
  /** The connection in use or being opened; events of an older one are ignored. */
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, application_name: "page-cache-listener" });
    client = next;
    next.on("notification", (message) => {
      try {
        const { nonce, tags } = JSON.parse(message.payload ?? "") as { nonce: string; tags: string[] };
        state.echoes.get(nonce)?.();
        invalidateHere(tags);
      } catch {
        invalidateHere("all"); // unreadable: dropping everything is always safe
      }
    });
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void next.end().catch(() => {});
      if (attempt > 0) invalidateHere("all"); // what was announced while we were away is unknown
      state.connected = true;
      attempt = 0;
      heard();
    } catch (e) {
      log.warn("page cache listener could not connect; retrying", { err: e });
      reconnect(next);
    }
  };
  const reconnect = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = undefined;
    state.connected = false;
    failed.end().catch(() => {});
    attempt++;
    setTimeout(connect, Math.min(30_000, 250 * 2 ** Math.min(attempt, 7)));
  };
  void connect();

  const stop = async () => {
    stopped = true;
    state.connected = false;
    if (listener === state) listener = undefined;
    await client?.end().catch(() => {});
  };
  return { listening, stop };
}
