// The timings Lighthouse's performance score is made of, by a short name: bench/lighthouse.mjs reads them from each
// run, bench/index.ts prints them beside a score under 100.

/** Lighthouse's audit id → a short name; values in ms (CLS unitless). */
export const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "speed-index": "SI",
  "cumulative-layout-shift": "CLS",
};

/** e.g. "FCP 1.1 s LCP 1.3 s TBT 40 ms SI 1.1 s CLS 0" */
export const metricsText = (metrics) =>
  Object.entries(metrics)
    .map(
      ([name, v]) =>
        `${name} ${name === "CLS" ? +v.toFixed(3) : name === "TBT" ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`}`,
    )
    .join(" ");
