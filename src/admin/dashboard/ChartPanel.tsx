import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { canDraw, LineChart, type ChartSeries } from './Chart';
import { formatCount, formatDay } from './format';

export interface ChartPanelProps {
  /** The chart's name, e.g. 'Посетители и показвания по дни'. */
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
}

/**
 * A chart and its table: 'Графика' or 'Таблица', pressed one at a time (the chart first). The table
 * holds every number the chart draws, a row a day, for screen readers and the keyboard; a browser
 * that cannot draw gets the table alone.
 */
export function ChartPanel({ title, days, series }: ChartPanelProps) {
  const titleId = useId();
  const drawable = canDraw();
  const [asTable, setAsTable] = useState(false);
  const table = asTable || !drawable;
  const names = series.map((s) => s.label).join(' и ');
  return (
    <figure aria-labelledby={titleId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="text-sm font-medium text-slate-900">
          {title}
        </h4>
        {drawable && (
          <div role="group" aria-label={`Изглед: ${title}`} className="inline-flex rounded-md border border-slate-300">
            <Button variant={table ? 'ghost' : 'default'} size="sm" aria-pressed={!table} onClick={() => setAsTable(false)}>
              Графика
            </Button>
            <Button variant={table ? 'default' : 'ghost'} size="sm" aria-pressed={table} onClick={() => setAsTable(true)}>
              Таблица
            </Button>
          </div>
        )}
      </div>
      {table ? (
        <DayTable title={title} days={days} series={series} />
      ) : (
        <LineChart days={days} series={series} label={`Графика: ${names} по дни. Числата са в изгледа „Таблица“.`} />
      )}
    </figure>
  );
}

/** The chart's numbers, a row a day; a long period scrolls inside its box (which the keyboard can reach). */
export function DayTable({ title, days, series }: ChartPanelProps) {
  return (
    <div tabIndex={0} role="region" aria-label={`${title}: таблица`} className="max-h-80 overflow-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Ден
            </th>
            {series.map((s) => (
              <th key={s.label} scope="col" className="px-3 py-2 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1.5 font-normal text-slate-900">
                <time dateTime={day}>{formatDay(day)}</time>
              </th>
              {series.map((s) => (
                <td key={s.label} className="px-3 py-1.5 text-right tabular-nums text-slate-900">
                  {formatCount(s.values[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
