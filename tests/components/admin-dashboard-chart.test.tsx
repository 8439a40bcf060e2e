// The dashboard's charts where a canvas can be drawn on: uPlot is given the period's days and
// numbers (a stand-in records what it was given, as jsdom draws nothing), 'Графика' and 'Таблица'
// switch by mouse or keyboard, the table holds the numbers the chart was given, the axes speak
// Bulgarian, and the chart follows its box's width.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardTab } from '@/admin/dashboard/DashboardTab';
import { renderAdmin } from './admin-fixtures';
import { answerInsights } from './dashboard-fixtures';

const { plots, FakePlot, observers } = vi.hoisted(() => {
  interface Options {
    width: number;
    height: number;
    series: { label?: string; stroke?: string; dash?: number[]; scale?: string }[];
    axes: { values: (u: unknown, splits: number[]) => string[] }[];
  }
  const plots: InstanceType<typeof FakePlot>[] = [];
  const observers: { callback: () => void; target: Element | null }[] = [];
  class FakePlot {
    width: number;
    readonly setSize = vi.fn((size: { width: number; height: number }) => (this.width = size.width));
    readonly destroy = vi.fn();
    constructor(
      readonly opts: Options,
      readonly data: number[][],
      readonly target: HTMLElement,
    ) {
      this.width = opts.width;
      plots.push(this);
    }
  }
  return { plots, FakePlot, observers };
});
vi.mock('uplot', () => ({ default: FakePlot }));

beforeAll(() => {
  // a canvas that can be drawn on, as in a browser (uPlot itself is the stand-in above)
  HTMLCanvasElement.prototype.getContext = (() => ({})) as unknown as typeof HTMLCanvasElement.prototype.getContext;
  class RecordingObserver {
    readonly entry: { callback: () => void; target: Element | null };
    constructor(callback: () => void) {
      this.entry = { callback, target: null };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.target = target;
    }
    unobserve() {}
    disconnect() {
      this.entry.target = null;
    }
  }
  vi.stubGlobal('ResizeObserver', RecordingObserver);
});
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z'), toFake: ['Date'] });
  plots.length = 0;
  observers.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const trafficPlot = () => plots.filter((p) => p.opts.series[1]?.label === 'Посетители').at(-1)!;
const viewGroup = () => screen.getByRole('group', { name: 'Изглед: Посетители и показвания по дни' });

describe('a chart of the dashboard', () => {
  it("is drawn first, and its table ('Таблица') holds the numbers it was given", async () => {
    answerInsights();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DashboardTab />, { path: '/blog-admin/dashboard' });
    const picture = await screen.findByRole('img', { name: 'Графика: Посетители и Показвания по дни. Числата са в изгледа „Таблица“.' });
    expect(within(viewGroup()).getByRole('button', { name: 'Графика' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(trafficPlot()).toBeDefined());
    const plot = trafficPlot();
    expect(plot.target).toBe(picture);
    // the days' positions, then visitors and page views a day, the 25th (no visits) as zeros
    expect(plot.data).toEqual([
      [0, 1, 2, 3, 4, 5, 6],
      [1200, 2345, 0, 1800, 2500, 2400, 2100],
      [3400, 8010, 0, 5200, 8100, 7500, 8000],
    ]);
    expect(plot.opts.series.slice(1).map((s) => [s.label, s.stroke, s.dash ?? null])).toEqual([
      ['Посетители', '#2f4cc4', null],
      ['Показвания', '#0f766e', [6, 4]],
    ]);

    await user.click(within(viewGroup()).getByRole('button', { name: 'Таблица' }));
    expect(plot.destroy).toHaveBeenCalled();
    const table = screen.getByRole('region', { name: 'Посетители и показвания по дни: таблица' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(plot.data[0].length);
    rows.forEach((row, i) => {
      const numbers = within(row).getAllByRole('cell').map((c) => Number(c.textContent!.replace(/\s/g, '')));
      expect(numbers).toEqual([plot.data[1][i], plot.data[2][i]]);
    });
    expect(screen.queryByRole('img', { name: /^Графика: Посетители/ })).not.toBeInTheDocument();
  });

  it('switches with the keyboard as well', async () => {
    answerInsights();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DashboardTab />, { path: '/blog-admin/dashboard' });
    await screen.findByRole('img', { name: /^Графика: Посетители/ });
    within(viewGroup()).getByRole('button', { name: 'Графика' }).focus();
    await user.tab();
    expect(within(viewGroup()).getByRole('button', { name: 'Таблица' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Посетители и показвания по дни: таблица' })).toBeInTheDocument();
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(await screen.findByRole('img', { name: /^Графика: Посетители/ })).toBeInTheDocument();
  });

  it('writes its axes in Bulgarian: the days as 23.11, the counts grouped', async () => {
    answerInsights();
    renderAdmin(<DashboardTab />, { path: '/blog-admin/dashboard' });
    await waitFor(() => expect(trafficPlot()).toBeDefined());
    const [days, counts] = trafficPlot().opts.axes;
    expect(days.values(null, [0, 1, 2.5, 6, 7])).toEqual(['23.11', '24.11', '', '29.11', '']);
    expect(counts.values(null, [0, 5000, 12345])).toEqual(['0', '5000', '12\u00a0345']);
  });

  it("the newsletter's unsubscribed have an axis of their own on the right", async () => {
    answerInsights();
    renderAdmin(<DashboardTab />, { path: '/blog-admin/dashboard' });
    await waitFor(() => expect(plots.some((p) => p.opts.series[1]?.label === 'Потвърдени')).toBe(true));
    const plot = plots.find((p) => p.opts.series[1]?.label === 'Потвърдени')!;
    expect(plot.opts.series.slice(1).map((s) => [s.label, s.scale])).toEqual([
      ['Потвърдени', 'y'],
      ['Отписани', 'y2'],
    ]);
    expect(plot.data.slice(1)).toEqual([
      [120, 121, 121, 123, 125, 125, 126],
      [0, 1, 0, 2, 0, 0, 1],
    ]);
  });

  it('follows the width of its box', async () => {
    answerInsights();
    renderAdmin(<DashboardTab />, { path: '/blog-admin/dashboard' });
    const picture = await screen.findByRole('img', { name: /^Графика: Посетители/ });
    await waitFor(() => expect(trafficPlot()).toBeDefined());
    const plot = trafficPlot();
    const observer = observers.find((o) => o.target === picture)!;
    Object.defineProperty(picture, 'clientWidth', { configurable: true, value: 731 });
    observer.callback();
    expect(plot.setSize).toHaveBeenCalledWith({ width: 731, height: 240 });
  });
});
