// What every bench script waits on before it measures: a server it started answering.

/** Resolves once `url` answers 2xx; fails when `proc` has exited first, or after `seconds`. */
export async function waitUntilReady(url: string, proc?: { exitCode: number | null }, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (proc && proc.exitCode !== null) throw new Error(`${url}: the process exited with ${proc.exitCode} before answering`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not come up in ${seconds} s`);
}
