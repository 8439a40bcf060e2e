import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatDay, formatDayShort } from './format';

/*
 * A line chart of figures per day, drawn by uPlot (a small canvas chart library, in the dashboard's
 * chunk only). It draws once and on each resize of its box, with no animation, so there is nothing
 * for `prefers-reduced-motion` to stop. The chart is a picture to screen readers (role="img" with
 * what it shows); its numbers are in the chart's table ('Таблица', ChartPanel.tsx), which is also
 * the keyboard's way to them.
 */

export interface ChartSeries {
  label: string;
  /** A colour with at least 3:1 against white (WCAG 1.4.11). */
  color: string;
  values: readonly number[];
  /** A dashed line, so that the series differ by more than colour. */
  dashed?: boolean;
  /** 'right': drawn against an axis of its own on the right (a small figure beside a large one). */
  axis?: 'left' | 'right';
}

export interface LineChartProps {
  /** The days, 'YYYY-MM-DD', one per point. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
}

/** The charts' colours: brand-600 (7.1:1 on white) and accent-700 (5.5:1), the second one dashed. */
export const SERIES_COLOURS = { first: '#2f4cc4', second: '#0f766e' } as const;

let drawable: boolean | null = null;

/** Whether this browser draws on a canvas (all that the admin supports do; a test's DOM does not). */
export function canDraw(): boolean {
  drawable ??= typeof document !== 'undefined' && !!document.createElement('canvas').getContext('2d');
  return drawable;
}

const AXIS = { stroke: '#475569', font: '12px Inter, system-ui, sans-serif', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1', width: 1 } };
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];

/** Counts from 0, with room above the highest. */
const fromZero: uPlot.Scale.Range = (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1];

function options(days: readonly string[], series: readonly ChartSeries[], width: number, height: number): uPlot.Options {
  const last = days.length - 1;
  const right = series.some((s) => s.axis === 'right');
  const dayAt = (i: number | null | undefined) => (i != null && Number.isInteger(i) && i >= 0 && i <= last ? days[i] : null);
  return {
    width,
    height,
    // the x scale is the days' positions: no clock, so no time zone between a day and its label
    scales: {
      x: { time: false, range: () => (last > 0 ? [0, last] : [-1, 1]) },
      y: { range: fromZero },
      ...(right ? { y2: { range: fromZero } } : {}),
    },
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
    series: [
      { label: 'Ден', value: (_u, i) => (dayAt(i) ? formatDay(dayAt(i)!) : '—') },
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        dash: s.dashed ? [6, 4] : undefined,
        scale: s.axis === 'right' ? 'y2' : 'y',
        points: { show: days.length <= 31, size: 5, fill: '#ffffff' },
        value: (_u: uPlot, v: number | null) => (v == null ? '—' : formatCount(v)),
      })),
    ],
    axes: [
      { ...AXIS, space: 48, incrs: DAY_STEPS, values: (_u, splits) => splits.map((i) => (dayAt(i) ? formatDayShort(dayAt(i)!) : '')) },
      { ...AXIS, scale: 'y', size: 56, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map((v) => formatCount(v)) },
      ...(right ? [{ ...AXIS, scale: 'y2', side: 1 as const, size: 56, grid: { show: false }, incrs: WHOLE_STEPS, values: (_u: uPlot, splits: number[]) => splits.map((v) => formatCount(v)) }] : []),
    ],
  };
}

/** The chart, as wide as its box and redrawn when the box changes width. */
export function LineChart({ days, series, label, height = 240 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    const data: uPlot.AlignedData = [days.map((_, i) => i), ...series.map((s) => [...s.values])];
    const plot = new uPlot(options(days, series, width(), height), data, element);
    const observer = new ResizeObserver(() => {
      if (plot.width !== width()) plot.setSize({ width: width(), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);

  return <div ref={box} role="img" aria-label={label} className="w-full min-w-0 text-sm text-slate-900" />;
}
