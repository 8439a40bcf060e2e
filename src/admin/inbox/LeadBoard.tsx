import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/ui/card';
import { ErrorCard } from '@/admin/kit/ui/ErrorCard';
import { Loading } from '@/admin/kit/ui/Loading';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import { BOARD_PAGE, useBoardColumn, useStageTotals, type StageTotal } from './api';
import { StageSelect } from './LeadControls';
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES } from './status';
import type { InquiryStatus } from './types';

/*
 * The pipeline as a board: a column per stage with how many leads it holds and the sum of their
 * offers, its newest leads as cards (ten, and ten more on request), each with its stage as a
 * select: moving a lead is a choice from the keyboard, not a drag.
 */

const euros = new Intl.NumberFormat('bg-BG', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

export function LeadBoard({ zone }: { zone: string }) {
  const totals = useStageTotals();
  if (totals.isError) return <ErrorCard message="Неуспешно зареждане на таблото." onRetry={() => void totals.refetch()} retrying={totals.isFetching} />;
  const totalOf = (stage: InquiryStatus): StageTotal | undefined => totals.data?.find((t) => t.stage === stage);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5" role="group" aria-label="Табло на запитванията по етапи">
      {INQUIRY_STATUSES.map((stage) => (
        <BoardColumn key={stage} stage={stage} total={totalOf(stage)} zone={zone} />
      ))}
    </div>
  );
}

function BoardColumn({ stage, total, zone }: { stage: InquiryStatus; total: StageTotal | undefined; zone: string }) {
  const uid = useId();
  const [count, setCount] = useState(BOARD_PAGE);
  const column = useBoardColumn(stage, count);
  const leads = column.data ?? [];
  return (
    <section aria-labelledby={`${uid}-title`} className="grid content-start gap-3 rounded-lg bg-slate-50 p-3">
      <header className="grid gap-0.5">
        <h3 id={`${uid}-title`} className="font-semibold text-slate-900">
          {INQUIRY_STATUS_LABELS[stage]} <span className="font-normal text-slate-700">({total?.leads ?? '…'})</span>
        </h3>
        {total && total.offers > 0 && <p className="text-sm text-slate-700">Оферти: {euros.format(total.offers)}</p>}
      </header>
      {column.isPending ? (
        <Loading size="line">Зареждане...</Loading>
      ) : column.isError ? (
        <ErrorCard message="Неуспешно зареждане на колоната." onRetry={() => void column.refetch()} retrying={column.isFetching} />
      ) : (
        <ul className="grid gap-2" aria-label={INQUIRY_STATUS_LABELS[stage]}>
          {leads.map((lead) => (
            <li key={lead.id}>
              <Card className="grid gap-2 p-3">
                <p className="font-medium text-slate-900">{lead.name}</p>
                <p className="text-sm text-slate-700">{lead.company}</p>
                {lead.offer_amount != null && <p className="text-sm text-slate-800">{euros.format(lead.offer_amount)}</p>}
                {lead.follow_up_at && <p className="text-xs text-slate-600">Следващ контакт: {formatWallClockBg(lead.follow_up_at, zone)}</p>}
                <StageSelect inquiry={lead} named />
              </Card>
            </li>
          ))}
          {leads.length === 0 && <li className="text-sm text-slate-600">Няма запитвания.</li>}
        </ul>
      )}
      {total && leads.length < total.leads && leads.length >= count && (
        <Button size="sm" variant="outline" onClick={() => setCount((n) => n + BOARD_PAGE)} disabled={column.isFetching}>
          Покажи още <span className="sr-only">в {INQUIRY_STATUS_LABELS[stage]}</span>
        </Button>
      )}
    </section>
  );
}
