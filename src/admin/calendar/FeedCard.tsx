import { AlertTriangle, Link2, Trash2, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import type { CalendarFeed } from './feeds-api';
import { skippedText } from './feed-schema';

export interface FeedCardProps {
  feed: CalendarFeed;
  zone: string;
  busy: boolean;
  onSwitch: (active: boolean) => void;
  onRemove: () => void;
}

/**
 * One private calendar in 'Календари за заетост': its name, masked address and owner, on or off,
 * its last good sync and busy periods, what that sync skipped, its last error and staleness.
 */
export function FeedCard({ feed, zone, busy, onSwitch, onRemove }: FeedCardProps) {
  const uid = useId();
  const when = (iso: string) => formatWallClockBg(iso, zone);
  return (
    <article
      aria-labelledby={`${uid}-label`}
      className={cn('grid gap-3 rounded-lg border bg-white px-4 py-3', feed.stale ? 'border-amber-500' : 'border-slate-200', !feed.is_active && 'bg-slate-50')}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={`${uid}-label`} className="font-semibold text-slate-900">
            {feed.label}
          </h3>
          <p className="flex items-center gap-1.5 break-all text-sm text-slate-700">
            <Link2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Адрес:</span> {feed.url_hint}
          </p>
          {feed.owner_email && (
            <p className="flex items-center gap-1.5 break-all text-sm text-slate-700">
              <UserRound aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">Вашият имейл в календара:</span> {feed.owner_email}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            role="switch"
            checked={feed.is_active}
            onChange={(event) => onSwitch(event.target.checked)}
            disabled={busy}
            className="size-4 rounded border-slate-400 accent-brand-600"
          />
          Включен <span className="sr-only">календар „{feed.label}“</span>
        </label>
      </header>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-600">Последна успешна синхронизация:</dt>{' '}
          <dd className="inline text-slate-900">
            {feed.last_synced_at ? <time dateTime={feed.last_synced_at}>{when(feed.last_synced_at)}</time> : 'още няма'}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">Заети периоди:</dt> <dd className="inline text-slate-900">{feed.busy_count}</dd>
        </div>
      </dl>
      {feed.skipped.length > 0 && <SkippedReport feed={feed} />}
      {!feed.is_active && <p className="text-sm text-slate-600">Изключен: заетите му периоди не спират часове.</p>}
      {feed.stale && (
        <p className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Новите резервации са спрени, докато този календар не бъде прочетен успешно (или докато не го изключите).
          </span>
        </p>
      )}
      {feed.last_error && (
        <div className="rounded-md border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">
          <p className="font-semibold">
            Последна грешка
            {feed.last_error_at && (
              <>
                {' '}
                (<time dateTime={feed.last_error_at}>{when(feed.last_error_at)}</time>)
              </>
            )}
            :
          </p>
          <p className="break-words">{feed.last_error}</p>
        </div>
      )}
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={onRemove} disabled={busy}>
          <Trash2 aria-hidden="true" />
          Премахни <span className="sr-only">календара „{feed.label}“</span>
        </Button>
      </div>
    </article>
  );
}

/** What the last good sync left out: how many events, and why; the rest of the calendar counts. */
function SkippedReport({ feed }: { feed: CalendarFeed }) {
  const uid = useId();
  const total = feed.skipped.reduce((n, s) => n + s.count, 0);
  return (
    <div role="group" aria-labelledby={`${uid}-skipped`} className="grid gap-1 rounded-md border border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p id={`${uid}-skipped`} className="font-semibold">
        Пропуснати при последната синхронизация: {total}
      </p>
      <p>Останалите събития са прочетени. Пропуснатите не спират часове; поправете ги в календара си, ако трябва.</p>
      <ul className="list-disc pl-5">
        {feed.skipped.map((s) => (
          <li key={s.reason}>{skippedText(s)}</li>
        ))}
      </ul>
    </div>
  );
}
