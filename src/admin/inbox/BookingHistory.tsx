import { Loading } from '@/admin/kit/ui/Loading';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { useBookingHistory } from './api';
import { formatReceivedBg } from './format';
import { historyLine, isHistoryProblem } from './history';

export const historyText = {
  toggle: 'История',
  loading: 'Зареждане на историята...',
  loadFailed: 'Неуспешно зареждане на историята на резервацията.',
  empty: 'Няма записани събития.',
} as const;

/**
 * A booking card's 'История' disclosure. The history is read only once it is opened (the panel
 * mounts then), so a page of cards costs no request until the admin asks for one.
 */
export function BookingHistory({ bookingId, visitorName }: { bookingId: string; visitorName: string }) {
  const [open, setOpen] = useState(false);
  const uid = useId();
  const panelId = `${uid}-history`;
  return (
    <div className="grid gap-2">
      <div>
        <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
          <ChevronRight aria-hidden="true" className={cn('motion-safe:transition-transform', open && 'rotate-90')} />
          {historyText.toggle} <span className="sr-only">на резервацията на {visitorName}</span>
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <HistoryPanel bookingId={bookingId} label={`История на резервацията на ${visitorName}`} />}
      </div>
    </div>
  );
}

function HistoryPanel({ bookingId, label }: { bookingId: string; label: string }) {
  const history = useBookingHistory(bookingId);
  if (history.isPending) {
    return (
      <Loading size="line">{historyText.loading}</Loading>
    );
  }
  if (history.isError) {
    return (
      <FormAlert onRetry={() => void history.refetch()} retrying={history.isFetching}>
        {historyText.loadFailed}
      </FormAlert>
    );
  }
  if (history.data.length === 0) return <p className="text-sm text-slate-600">{historyText.empty}</p>;
  return (
    <ol aria-label={label} className="grid gap-1.5 border-l-2 border-slate-200 pl-3 text-sm">
      {history.data.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={cn('break-words', isHistoryProblem(entry) ? 'text-danger-700' : 'text-slate-900')}>
          <time dateTime={entry.at} className="tabular-nums text-slate-600">
            {formatReceivedBg(entry.at)}
          </time>{' '}
          {historyLine(entry)}
        </li>
      ))}
    </ol>
  );
}
