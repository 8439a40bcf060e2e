import { useId } from 'react';
import { useFunnels } from './api';
import { formatCount, formatShare } from './format';
import { funnelRows, type FunnelRow } from './funnels';
import type { DayRange } from './period';
import { SectionCard } from './SectionCard';
import type { FunnelStep } from './shapes';

/**
 * 'Фунии': how far visitors get in the inquiry wizard and in the booking dialog. A list per funnel,
 * a step a row with its visitors, a bar as long as its share of the first step, and how many of the
 * step before did not go on. The bars are a picture; the words beside them say the same.
 */
export function FunnelsSection({ range }: { range: DayRange }) {
  const funnels = useFunnels(range);
  return (
    <SectionCard
      title="Фунии"
      description="Колко посетители стигат до всяка стъпка и колко се отказват след предходната (посетители на ден, събрани за периода)."
      query={funnels}
      loading="Зареждане на фуниите…"
    >
      {(data) => (
        <div className="grid gap-6 md:grid-cols-2">
          <Funnel title="Запитване (съветник)" steps={data.wizard} />
          <Funnel title="Записване за консултация" steps={data.booking} />
        </div>
      )}
    </SectionCard>
  );
}

function Funnel({ title, steps }: { title: string; steps: FunnelStep[] }) {
  const titleId = useId();
  const rows = funnelRows(steps);
  return (
    <div className="grid content-start gap-2">
      <h4 id={titleId} className="text-sm font-medium text-slate-900">
        {title}
      </h4>
      <ol aria-labelledby={titleId} className="grid gap-3">
        {rows.map((row) => (
          <Step key={row.step} row={row} />
        ))}
      </ol>
    </div>
  );
}

function Step({ row }: { row: FunnelRow }) {
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900">{row.name}</span>
        <span className="tabular-nums text-slate-900">
          {formatCount(row.visitors)} <span className="text-slate-600">{row.visitors === 1 ? 'посетител' : 'посетители'}</span>
        </span>
      </div>
      <div aria-hidden="true" className="h-3 overflow-hidden rounded bg-slate-100">
        <div className="h-full rounded bg-brand-600" style={{ width: `${row.ofStart * 100}%` }} />
      </div>
      <p className="text-xs text-slate-600">{dropText(row)}</p>
    </li>
  );
}

/** The drop-off from the step before and the share of the start, in words: 'Отказали се: 3 (60%) · стигат 40% от започналите'. */
export function dropText(row: FunnelRow): string {
  if (row.lost === null) return 'Начало на фунията';
  if (row.dropOff === null) return 'Отказали се: — (никой не е стигнал до предходната стъпка)';
  return `Отказали се: ${formatCount(row.lost)} (${formatShare(row.dropOff)}) · стигат ${formatShare(row.ofStart)} от започналите`;
}
