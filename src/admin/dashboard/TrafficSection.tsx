import { useMemo } from 'react';
import { cn } from '@/shared/ui/cn';
import { useSummary } from './api';
import { SERIES_COLOURS, type ChartSeries } from './Chart';
import { ChartPanel } from './ChartPanel';
import { changeOf, changeText, formatCount } from './format';
import type { DayRange } from './period';
import { SectionCard } from './SectionCard';
import type { Summary, Totals } from './shapes';

const FIGURES: { key: keyof Totals; name: string }[] = [
  { key: 'visitors', name: 'Посетители' },
  { key: 'pageviews', name: 'Показвания' },
  { key: 'inquiries', name: 'Запитвания' },
  { key: 'bookings', name: 'Резервации' },
  { key: 'signups', name: 'Абонирания' },
];

/** What a visitor is here, as the owner should read the figure. */
export const VISITOR_HELP =
  'Посетител се брои веднъж на ден. Сайтът не записва нищо на устройството: посетителят се разпознава по кратък отпечатък от мрежата и браузъра, направен с ключ, който се сменя всеки ден и после се изтрива. Затова за период от няколко дни посетителите са сбор от дневните: човек, дошъл в два различни дни, се брои два пъти, и никой не се проследява от ден на ден.';

/** 'Посещения': the period's totals against the period before, and visitors and page views per day. */
export function TrafficSection({ range }: { range: DayRange }) {
  const summary = useSummary(range);
  return (
    <SectionCard title="Посещения" description={VISITOR_HELP} query={summary} loading="Зареждане на посещенията…">
      {(data) => <Traffic summary={data} />}
    </SectionCard>
  );
}

function Traffic({ summary }: { summary: Summary }) {
  const days = useMemo(() => summary.days.map((d) => d.day), [summary]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Посетители', color: SERIES_COLOURS.first, values: summary.days.map((d) => d.visitors) },
      { label: 'Показвания', color: SERIES_COLOURS.second, values: summary.days.map((d) => d.pageviews), dashed: true },
    ],
    [summary],
  );
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {FIGURES.map(({ key, name }) => (
          <Figure key={key} name={name} value={summary[key]} previous={summary.previous[key]} />
        ))}
      </dl>
      <ChartPanel title="Посетители и показвания по дни" days={days} series={series} />
    </>
  );
}

function Figure({ name, value, previous }: { name: string; value: number; previous: number }) {
  const change = changeOf(value, previous);
  const text = changeText(change);
  return (
    <div className="grid gap-0.5 rounded-lg border border-slate-200 p-3">
      <dt className="text-sm text-slate-600">{name}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{formatCount(value)}</dd>
      <dd
        className={cn(
          'text-sm',
          change.direction === 'up' && 'text-emerald-700',
          change.direction === 'down' && 'text-danger-700',
          (change.direction === 'same' || change.direction === 'new') && 'text-slate-600',
        )}
      >
        <span aria-hidden="true">{text.shown}</span>
        <span className="sr-only">{text.spoken}</span>
        <span className="text-slate-600"> (преди: {formatCount(previous)})</span>
      </dd>
    </div>
  );
}
