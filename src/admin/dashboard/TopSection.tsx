import { TOP_ROWS, useTop } from './api';
import { formatCount } from './format';
import type { DayRange } from './period';
import { SectionCard } from './SectionCard';
import type { TopDimension, TopRow } from './shapes';

const TOPS: Record<TopDimension, { title: string; column: string; description: string; empty: string }> = {
  page: {
    title: 'Най-посещавани страници',
    column: 'Страница',
    description: `До ${TOP_ROWS} страници с най-много посетители.`,
    empty: 'Няма посещения за този период.',
  },
  post: {
    title: 'Най-четени публикации',
    column: 'Публикация',
    description: `До ${TOP_ROWS} публикации от блога с най-много посетители.`,
    empty: 'Няма прочетени публикации за този период.',
  },
  source: {
    title: 'Източници',
    column: 'Източник',
    description: 'Откъде идват посетителите: кампанията (utm_source), иначе сайтът, от който идват, иначе „(директно)“.',
    empty: 'Няма посещения за този период.',
  },
  campaign: {
    title: 'Кампании',
    column: 'Кампания',
    description: 'Посещенията с кампания в адреса (utm_campaign).',
    empty: 'Няма посещения от кампании за този период.',
  },
};

/** One of the top lists: the pages, the posts, the sources or the campaigns with the most visitors. */
export function TopSection({ range, dimension }: { range: DayRange; dimension: TopDimension }) {
  const top = useTop(range, dimension);
  const words = TOPS[dimension];
  return (
    <SectionCard title={words.title} description={words.description} query={top} loading="Зареждане…">
      {(rows) => (rows.length === 0 ? <p className="text-sm text-slate-600">{words.empty}</p> : <TopTable rows={rows} title={words.title} column={words.column} />)}
    </SectionCard>
  );
}

function TopTable({ rows, title, column }: { rows: TopRow[]; title: string; column: string }) {
  const most = Math.max(1, ...rows.map((r) => r.visitors));
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{title}</caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="w-auto py-1.5 pr-2 font-medium">
            {column}
          </th>
          <th scope="col" className="w-24 py-1.5 text-right font-medium">
            Посетители
          </th>
          <th scope="col" className="w-24 py-1.5 pl-2 text-right font-medium">
            Показвания
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-100">
            <th scope="row" className="py-1.5 pr-2 font-normal text-slate-900">
              <span className="block truncate" title={row.key}>
                {row.key}
              </span>
              {/* how far this row reaches beside the first: a picture of the numbers beside it */}
              <span aria-hidden="true" className="mt-1 block h-1 rounded bg-brand-600" style={{ width: `${(row.visitors / most) * 100}%` }} />
            </th>
            <td className="py-1.5 text-right tabular-nums text-slate-900">{formatCount(row.visitors)}</td>
            <td className="py-1.5 pl-2 text-right tabular-nums text-slate-900">{formatCount(row.pageviews)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
