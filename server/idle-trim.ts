// A server at rest gives back the memory its last burst of traffic left behind (decision 003, "At rest").
// After a burst, JavaScriptCore keeps the machine code it compiled for the hot paths, the bytecode of everything that
// ran, and allocator pages its collections freed but did not return: 20–35 MB a full collection does not give back.
// Once no request has come for IDLE_TRIM_SECONDS, the process asks JavaScriptCore to shrink its footprint, once per
// quiet spell: Bun.shrink, JavaScriptCore's shrinkFootprintWhenIdle (public on Apple's platforms for apps to call when
// idle): delete compiled code, collect, return the allocator's free pages to the OS. What it costs: the next requests
// run in the slower tiers until they are hot again (the first of each kind ~30 ms slower, then ~2× for a few seconds).
// Under steady traffic it never runs.

/** Requests that do not make a server busy: a load balancer's probes may come every few seconds, forever. */
const PROBES = new Set(["/api/health", "/api/ready"]);

type IdleTrim = {
  /** Every request the server answers; probes are not activity. */
  request(pathname: string): void;
  /** What the timer runs CHECKS_PER_IDLE times per `idleMs` (tests call it themselves). */
  check(): void;
  stop(): void;
};

type IdleTrimOptions = {
  /** How long without a request before trimming. */
  idleMs: number;
  /** What trimming does (tests count calls). */
  trim: () => void;
};

/**
 * Checks per idle time: the quiet spell is counted in checks, so a paused process (SIGSTOP, a suspended VM) resumes
 * without trimming at once: missed checks are not run again, and no clock jump counts as quiet.
 */
const CHECKS_PER_IDLE = 4;

/**
 * Trims once the server has been quiet for `idleMs` after anything happened: start-up counts (it leaves the garbage of
 * migrating, seeding and loading the site), then every request but a probe. A quiet spell is noticed between `idleMs`
 * and 1.25 × `idleMs` after the last request; a request costs one increment.
 */
export function trimWhenIdle({ idleMs, trim }: IdleTrimOptions): IdleTrim {
  let served = 0;
  let seen = 0;
  let quietChecks = 0;
  /** `served` when the last trim ran: nothing served since means nothing to give back. -1: start-up is activity. */
  let trimmedAt = -1;
  const check = () => {
    if (served !== seen) {
      seen = served;
      quietChecks = 0;
    } else if (served !== trimmedAt && ++quietChecks >= CHECKS_PER_IDLE) {
      trimmedAt = served;
      trim();
    }
  };
  const timer = setInterval(check, Math.max(25, Math.floor(idleMs / CHECKS_PER_IDLE)));
  timer.unref(); // never what keeps the process alive
  return {
    request(pathname) {
      if (!PROBES.has(pathname)) served++;
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/** Resident memory now, in MB. */
const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

/**
 * Bun.shrink (JavaScriptCore's shrinkFootprintWhenIdle): runs once no JavaScript is on the stack, which for a timer's
 * callback is as soon as it returns. The log line says what it gave back, read a second later: the allocator returns
 * its pages to the OS after a short delay.
 */
export function shrinkFootprint(log: (before: number, after: number) => void) {
  const before = rssMb();
  // Marked deprecated in Bun's types, without a replacement; should a Bun drop it, a full collection is what is left.
  if (typeof Bun.shrink === "function") Bun.shrink();
  else Bun.gc(true);
  setTimeout(() => log(before, rssMb()), 1000).unref();
}
