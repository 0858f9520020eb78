// Draws the dashboard's three charts with uPlot into the page's [data-chart] boxes, from the figures the page
// embedded (data-series). Colours come from the daisyUI theme, so the charts redraw when the theme changes; they
// follow their box's width. Loaded only by /admin, through a dynamic import.
import uPlot from "uplot";
import { APPLICATION_BARS, type ChartSeries, weekLabel } from "./dashboard-data";
import { formatMoney } from "../../lib/money";

const HEIGHT = 220;

function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim() || "gray";
  return {
    text: v("--color-base-content"),
    grid: v("--color-base-300"),
    primary: v("--color-primary"),
    accent: v("--color-info"),
  };
}

type Build = (width: number) => { opts: uPlot.Options; data: uPlot.AlignedData };

function builders(series: ChartSeries): Record<string, Build> {
  const c = themeColours();
  const axis = (extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
    stroke: c.text,
    grid: { stroke: c.grid, width: 1 },
    ticks: { stroke: c.grid, width: 1 },
    ...extra,
  });
  const weeks = series.weekly.map((w) => Date.parse(`${w.week}T00:00:00Z`) / 1000);
  // One tick per week (every other week on narrow charts), ending with this week, labelled like the tables.
  const weekAxis = (width: number) =>
    axis({
      splits: () => weeks.filter((_, i) => width >= 560 || (weeks.length - 1 - i) % 2 === 0),
      values: (_u, splits) => splits.map((s) => weekLabel(new Date(s * 1000).toISOString().slice(0, 10))),
    });
  const week = {
    label: "Week of",
    value: (_u: uPlot, v: number | null) => (v == null ? "" : weekLabel(new Date(v * 1000).toISOString().slice(0, 10))),
  };
  /** Counts have whole steps only. */
  const counts = { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] };
  const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
  // The legend shows the latest point's figures until a pointer picks another, and again when it leaves: uPlot's own
  // "--" says nothing to someone who has not hovered yet (or cannot: a keyboard or a touch screen).
  const latest = (u: uPlot) => u.setLegend({ idx: u.data[0].length - 1 }, false);
  const base = (width: number) => ({
    width,
    height: HEIGHT,
    legend: { show: true },
    cursor: { show: true },
    hooks: { ready: [latest], setCursor: [(u: uPlot) => u.cursor.idx == null && latest(u)] },
  });
  return {
    weekly: (width) => ({
      opts: {
        ...base(width),
        scales: {
          x: { time: true },
          usd: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] },
          n: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          weekAxis(width),
          axis({ scale: "usd", values: (_u, s) => s.map((v) => `$${v}`) }),
          axis({ scale: "n", side: 1, grid: { show: false }, ...counts }),
        ],
        series: [
          week,
          {
            label: "Revenue",
            scale: "usd",
            stroke: c.primary,
            fill: c.primary,
            paths: bars,
            value: (_u, v) => (v == null ? "" : formatMoney(v)),
          },
          { label: "Orders", scale: "n", stroke: c.accent, width: 2, points: { show: true } },
        ],
      },
      data: [weeks, series.weekly.map((w) => Number(w.revenue)), series.weekly.map((w) => w.orders)],
    }),
    applications: (width) => ({
      opts: {
        ...base(width),
        scales: {
          x: { time: false, range: [-0.5, APPLICATION_BARS.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          axis({
            splits: () => APPLICATION_BARS.map((_, i) => i),
            values: (_u, s) => s.map((i) => APPLICATION_BARS[i]?.[1] ?? ""),
          }),
          axis(counts),
        ],
        series: [
          { label: "Status", value: (_u, v) => (v == null ? "" : (APPLICATION_BARS[v]?.[1] ?? "")) },
          { label: "Applications", stroke: c.primary, fill: c.primary, paths: bars },
        ],
      },
      data: [APPLICATION_BARS.map((_, i) => i), APPLICATION_BARS.map(([key]) => series.applications[key])],
    }),
    subscriptions: (width) => ({
      opts: {
        ...base(width),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [weekAxis(width), axis(counts)],
        series: [
          week,
          { label: "Active subscriptions", stroke: c.primary, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }) },
        ],
      },
      data: [weeks, series.subscriptions.map((s) => s.active)],
    }),
  };
}

/** Lets the browser paint and answer input before the next piece of work (one chart is one task, not three). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function drawCharts(root: HTMLElement) {
  const series = JSON.parse(root.dataset.series ?? "null") as ChartSeries | null;
  if (!series) return;
  const boxes = [...root.querySelectorAll<HTMLElement>("[data-chart]")];
  const widths = new Map<HTMLElement, number>();
  const charts = new Map<HTMLElement, uPlot>();
  // Each chart in its own task: three drawn in one, right after uPlot's module ran, blocked the page for 300 ms on a
  // throttled phone (total blocking time; decision 017).
  let generation = 0;
  const draw = async () => {
    // A theme change while drawing starts over; the older pass stops at its next task.
    const mine = ++generation;
    for (const chart of charts.values()) chart.destroy();
    charts.clear();
    const build = builders(series);
    for (const box of boxes) {
      const make = build[box.dataset.chart ?? ""];
      if (!make) continue;
      await nextTask();
      if (mine !== generation) return;
      const width = box.clientWidth || 300;
      const { opts, data } = make(width);
      widths.set(box, width);
      charts.set(box, new uPlot(opts, data, box));
    }
  };
  // Watched from the start: a theme change during the first pass redraws too.
  new MutationObserver(() => void draw()).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-theme"],
  });
  // Resized only when a box's width changed (the observer also reports once when it starts).
  new ResizeObserver(() => {
    for (const [box, chart] of charts) {
      const width = box.clientWidth || 300;
      if (widths.get(box) === width) continue;
      widths.set(box, width);
      chart.setSize({ width, height: HEIGHT });
    }
  }).observe(root);
  await draw();
}
