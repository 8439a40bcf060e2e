import { useMemo } from 'react';
import { useNewsletter } from './api';
import { SERIES_COLOURS, type ChartSeries } from './Chart';
import { ChartPanel } from './ChartPanel';
import { formatCount } from './format';
import type { DayRange } from './period';
import { SectionCard } from './SectionCard';
import type { NewsletterDay } from './shapes';

/** 'Бюлетин': the confirmed subscribers at the end of each day, and who unsubscribed that day. */
export function NewsletterSection({ range }: { range: DayRange }) {
  const newsletter = useNewsletter(range);
  return (
    <SectionCard
      title="Бюлетин"
      description="Потвърдените абонати в края на всеки ден и колко са се отписали през деня (отписаните са по дясната ос)."
      query={newsletter}
      loading="Зареждане на абонатите…"
    >
      {(days) => <Subscribers days={days} />}
    </SectionCard>
  );
}

function Subscribers({ days }: { days: NewsletterDay[] }) {
  const dayList = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Потвърдени', color: SERIES_COLOURS.first, values: days.map((d) => d.confirmed) },
      { label: 'Отписани', color: SERIES_COLOURS.second, values: days.map((d) => d.unsubscribed), dashed: true, axis: 'right' },
    ],
    [days],
  );
  const last = days.at(-1)?.confirmed ?? 0;
  const unsubscribed = days.reduce((sum, d) => sum + d.unsubscribed, 0);
  return (
    <>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Потвърдени в края на периода</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{formatCount(last)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Отписани през периода</dt>
          <dd className="text-2xl font-semibold tabular-nums text-slate-900">{formatCount(unsubscribed)}</dd>
        </div>
      </dl>
      <ChartPanel title="Абонати по дни" days={dayList} series={series} />
    </>
  );
}
