import { useAttribution } from './api';
import { formatCount, formatEur, formatShare } from './format';
import type { DayRange } from './period';
import { SectionCard } from './SectionCard';
import type { AttributionRow } from './shapes';

const COLUMNS = ['Посетители', 'Запитвания', 'Резервации', 'Конверсия', 'Спечелени', 'Спечелено (EUR)'] as const;

/**
 * 'Източници и кампании': for each source and campaign, its visitors and what its leads became:
 * the inquiries and bookings made in the period (by the first touch each lead keeps, or the same
 * day's visit when it keeps none), the share of visitors who made one, the leads won and their
 * offers in EUR.
 */
export function AttributionSection({ range }: { range: DayRange }) {
  const attribution = useAttribution(range);
  return (
    <SectionCard
      title="Източници и кампании"
      description="Посетители, запитвания и резервации от всеки източник и кампания, колко от посетителите са се превърнали в запитване или резервация, и спечелените сделки с офертите им в евро."
      query={attribution}
      loading="Зареждане на източниците…"
    >
      {(rows) => (rows.length === 0 ? <p className="text-sm text-slate-600">Няма посещения и запитвания за този период.</p> : <AttributionTable rows={rows} />)}
    </SectionCard>
  );
}

/** The conversion, or a dash and why when there were no visits to convert (leads whose source was not measured). */
function conversion(row: AttributionRow) {
  if (row.conversion !== null) return formatShare(row.conversion);
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">няма посещения</span>
    </>
  );
}

function AttributionTable({ rows }: { rows: AttributionRow[] }) {
  const won = rows.reduce((sum, row) => sum + row.wonEur, 0);
  return (
    <div tabIndex={0} role="region" aria-label="Източници и кампании: таблица" className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Източници и кампании</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Източник
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Кампания
            </th>
            {COLUMNS.map((name) => (
              <th key={name} scope="col" className="py-1.5 pl-3 text-right font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.source}\u0000${row.campaign ?? ''}`} className="border-t border-slate-100">
              <th scope="row" className="py-1.5 pr-3 font-normal text-slate-900">
                {row.source}
              </th>
              <td className="py-1.5 pr-3 text-slate-900">
                {row.campaign ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">без кампания</span>
                  </>
                )}
              </td>
              {[formatCount(row.visitors), formatCount(row.inquiries), formatCount(row.bookings), conversion(row), formatCount(row.won), formatEur(row.wonEur)].map((value, i) => (
                <td key={COLUMNS[i]} className="py-1.5 pl-3 text-right tabular-nums text-slate-900">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300">
            <th scope="row" colSpan={7} className="py-1.5 pr-3 text-right font-medium text-slate-900">
              Общо спечелено
            </th>
            <td className="py-1.5 pl-3 text-right font-semibold tabular-nums text-slate-900">{formatEur(won)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
