/**
 * The dashboard's charts, drawn with uPlot (canvas, about 20 KiB gzipped, fast with thousands
 * of points and live data): loaded with the dashboard page only. A chart is a picture; its
 * numbers are in the table beside it, so the canvas is hidden from assistive technology and
 * the figure carries a one-line description.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours that keep 3:1 against white (WCAG 1.4.11), one per series. */
export const SERIES_COLOURS = ['#b45309', '#1d4ed8', '#047857', '#7e22ce', '#be123c', '#0f766e', '#4d7c0f'];

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

interface ChartProps {
  /** x values: unix seconds (time axis) or 0..n-1 (categories, with `categories` as labels) */
  x: number[];
  series: ChartSeries[];
  /** labels of the x categories (a bar chart of days); absent: a time axis */
  categories?: string[];
  /** the time zone of a time axis (the event's) */
  timeZone?: string;
  /** the x values' name in the legend ("Hora") */
  xLabel: string;
  /** a time axis' labels (HH:MM) and the legend's instant, in the reader's language */
  formatTick?: (date: Date) => string;
  formatInstant?: (date: Date) => string;
  /** how the y values read (counts, money) */
  formatY?: (v: number) => string;
  height?: number;
  testId?: string;
}

/** A bar chart of categories or a line chart over time, as wide as its container, redrawn in place. */
export function Chart({
  x,
  series,
  categories,
  timeZone,
  xLabel,
  formatTick,
  formatInstant,
  formatY,
  height = 220,
  testId,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // what the axis callbacks read: the categories of the data last drawn
  const latest = useRef({ x, categories });
  const shape = `${categories ? 'bars' : 'lines'}:${series.map((s) => s.label).join('|')}`;

  // built again when the kind of chart or its series change; data changes are set in place
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = !!categories;
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      ...(timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1e3), timeZone) } : {}),
      scales: {
        // one slot per category, the bars in their middle
        x: bars
          ? { time: false, auto: true, range: () => [-0.5, latest.current.x.length - 0.5] }
          : { time: true },
        y: { auto: true, range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
      },
      axes: [
        bars
          ? {
              splits: () => latest.current.x.map((_, i) => i),
              values: (_u, splits) => splits.map((i) => latest.current.categories?.[i] ?? ''),
              stroke: '#334155',
            }
          : {
              stroke: '#334155',
              space: 70,
              values: (_u, splits) =>
                splits.map((ts) => (formatTick ? formatTick(new Date(ts * 1e3)) : String(ts))),
            },
        {
          stroke: '#334155',
          values: (_u, splits) => splits.map((v) => (formatY ? formatY(v) : String(v))),
          // whole numbers only: people and tickets
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000],
          size: 60,
        },
      ],
      series: [
        {
          label: xLabel,
          value: (_u: uPlot, v: number | null) =>
            v === null
              ? '–'
              : bars
                ? (latest.current.categories?.[v] ?? '')
                : formatInstant
                  ? formatInstant(new Date(v * 1e3))
                  : String(v),
        },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: SERIES_COLOURS[i % SERIES_COLOURS.length],
          width: 2,
          fill: bars ? `${SERIES_COLOURS[i % SERIES_COLOURS.length]}cc` : undefined,
          paths: bars ? uPlot.paths.bars!({ size: [0.6, 60] }) : undefined,
          points: { show: !bars },
          value: (_u: uPlot, v: number | null) => (v === null ? '–' : formatY ? formatY(v) : String(v)),
        })),
      ],
      legend: { show: series.length > 1 || !bars },
      cursor: { drag: { x: false, y: false } },
    };
    const u = new uPlot(opts, [x, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // the data is set by the effect below; `shape` stands for the options that need a new chart
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, height, timeZone]);

  useEffect(() => {
    latest.current = { x, categories };
    plot.current?.setData([x, ...series.map((s) => s.values)] as uPlot.AlignedData);
  }, [x, series, categories]);

  return <div ref={box} aria-hidden="true" data-testid={testId} className="w-full overflow-hidden" />;
}
