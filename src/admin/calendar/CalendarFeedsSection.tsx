import { AlertTriangle, CalendarSync, Link2, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { errorId, hintId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import {
  useAddCalendarFeed,
  useCalendarFeeds,
  useRemoveCalendarFeed,
  useSetCalendarFeedActive,
  useSyncCalendarFeeds,
  type CalendarFeed,
} from './api';
import { EMPTY_FEED, FEED_LABEL_MAX, FEED_OWNER_MAX, feedInput, feedRefusal, feedSchema, feedText, skippedText, type FeedFormValues } from './feed-schema';

/**
 * 'Календари за заетост' of the 'Календар' tab: the consultant's private calendars (Google,
 * Outlook, any iCal address) whose busy times take slots out of the booking calendar. Each shows
 * its name, its address masked (the address itself never comes back from the database), the
 * owner's address if one was given, whether it is on, its last good sync on the consultant's
 * clock, how many busy periods it gave, what that sync skipped and why, its last error (also one
 * from before the sync ran: the function did not start, did not answer) and, when it has not been
 * read for too long, that new bookings wait for it. The list reads
 * itself again every 30 s while the tab is shown, when it is shown again, and after every action; 'Синхронизирай сега' asks for a
 * sync at once.
 */
export function CalendarFeedsSection({ zone }: { zone: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  // the panel keeps a visited tab mounted: the list is live only while the tab is shown, and read
  // anew when it is shown again
  const shown = useLocation().pathname === adminPaths.calendar;
  const feeds = useCalendarFeeds(shown);
  const { refetch } = feeds;
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) void refetch();
    wasShown.current = shown;
  }, [shown, refetch]);
  const sync = useSyncCalendarFeeds();
  const remove = useRemoveCalendarFeed();
  const setActive = useSetCalendarFeedActive();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  function failed(what: string, fallback: string) {
    return (error: Error) => {
      console.error(`[admin] ${what} failed`, error);
      toast({ title: 'Грешка', description: writeErrorMessage(error, fallback), variant: 'destructive' });
      recheckOnDenied(error);
    };
  }

  function syncNow() {
    const anyOn = feeds.data?.some((feed) => feed.is_active) ?? true;
    sync.mutate(undefined, {
      onSuccess: (started) => {
        if (started) toast({ title: feedText.syncStarted, description: feedText.syncStartedText });
        else toast({ title: feedText.syncNotStarted, description: anyOn ? feedText.syncTooSoon : feedText.syncNothing });
      },
      onError: failed('starting the calendar sync', feedText.syncFailed),
    });
  }

  async function onRemove(feed: CalendarFeed) {
    const asked = await confirm({
      title: 'Премахване на календар',
      message: `Да се премахне ли календарът „${feed.label}“? Заетите му периоди вече няма да спират часове, а адресът му се изтрива.`,
      confirmLabel: 'Премахни календара',
    });
    if (!asked) return;
    setBusyId(feed.id);
    remove.mutate(feed.id, {
      onSuccess: () => toast({ title: feedText.removed, description: feed.label }),
      onError: failed('removing a calendar feed', feedText.removeFailed),
      onSettled: () => setBusyId((current) => (current === feed.id ? null : current)),
    });
  }

  function onSwitch(feed: CalendarFeed, active: boolean) {
    setBusyId(feed.id);
    setActive.mutate(
      { id: feed.id, active },
      {
        onSuccess: () =>
          toast(active ? { title: feedText.switchedOn, description: feedText.switchedOnText } : { title: feedText.switchedOff, description: feedText.switchedOffText }),
        onError: failed('switching a calendar feed', feedText.switchFailed),
        onSettled: () => setBusyId((current) => (current === feed.id ? null : current)),
      },
    );
  }

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-3xl gap-1">
          <h2 id={id('heading')} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <CalendarSync aria-hidden="true" className="size-5" />
            Календари за заетост
          </h2>
          <p className="text-sm text-slate-700">
            Заетите периоди от личните ви календари не се предлагат на посетителите. Календарите се проверяват на всеки 10 минути;
            показваме само кога са заети, никога какво има в тях.
          </p>
        </div>
        <Button variant="outline" onClick={syncNow} disabled={sync.isPending || feeds.data?.length === 0}>
          <RefreshCw aria-hidden="true" className={cn(sync.isPending && 'motion-safe:animate-spin')} />
          Синхронизирай сега
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="grid content-start gap-3">
          {feeds.isPending ? (
            <Loading>{feedText.loading}</Loading>
          ) : feeds.isError ? (
            <FormAlert onRetry={() => void feeds.refetch()} retrying={feeds.isFetching}>
              {feedText.loadFailed}
            </FormAlert>
          ) : feeds.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Все още няма добавени календари.</p>
          ) : (
            <ul aria-labelledby={id('heading')} className="grid gap-3">
              {feeds.data.map((feed) => (
                <li key={feed.id}>
                  <FeedCard
                    feed={feed}
                    zone={zone}
                    busy={busyId === feed.id}
                    onSwitch={(active) => onSwitch(feed, active)}
                    onRemove={() => void onRemove(feed)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <AddFeedForm />
      </div>
      {dialog}
    </section>
  );
}

interface FeedCardProps {
  feed: CalendarFeed;
  zone: string;
  busy: boolean;
  onSwitch: (active: boolean) => void;
  onRemove: () => void;
}

function FeedCard({ feed, zone, busy, onSwitch, onRemove }: FeedCardProps) {
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

/**
 * 'Нов календар': a name, the private iCal address, which is sent once and never shown again
 * (the field hides what is typed, and empties after the save), and optionally the owner's own
 * address in that calendar, by which the sync knows the invitations they have not accepted.
 */
function AddFeedForm() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm<FeedFormValues>(feedSchema, { defaultValues: EMPTY_FEED });
  useUnsavedChanges(formState.isDirty);
  const errors = { label: formState.errors.label?.message, url: formState.errors.url?.message, owner: formState.errors.owner?.message };
  const add = useAddCalendarFeed();
  const recheckOnDenied = useRecheckOnDenied();
  const [formError, setFormError] = useState<string | null>(null);

  function submit(values: FeedFormValues) {
    setFormError(null);
    add.mutate(feedInput(values), {
      onSuccess: () => {
        reset(EMPTY_FEED);
        toast({ title: feedText.added, description: feedText.addedText });
      },
      onError: (error) => {
        console.error('[admin] adding a calendar feed failed', error);
        const refused = feedRefusal(error);
        if (refused?.field) {
          setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        } else {
          setFormError(refused?.message ?? writeErrorMessage(error, feedText.addFailed));
        }
        recheckOnDenied(error);
      },
    });
  }

  return (
    <Card className="content-start">
      <CardContent className="pt-6">
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-labelledby={id('heading')} aria-busy={add.isPending}>
          <h3 id={id('heading')} className="text-sm font-medium text-slate-800">
            Нов календар
          </h3>
          {formError && <FormAlert title="Грешка">{formError}</FormAlert>}
          <div className="grid gap-1.5">
            <Label htmlFor={id('label')} required>
              Име
            </Label>
            <Input id={id('label')} maxLength={FEED_LABEL_MAX} placeholder="напр. Служебен календар" required {...register('label')} {...fieldAria(id('label'), errors.label)} />
            {errors.label && (
              <p id={errorId(id('label'))} className="text-sm text-danger-700">
                {errors.label}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('url')} required>
              Адрес (iCal)
            </Label>
            {/* a secret: typed unseen, sent once, never shown again */}
            <Input
              id={id('url')}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://…/basic.ics"
              required
              {...register('url')}
              {...fieldAria(id('url'), errors.url, true)}
            />
            <div id={hintId(id('url'))} className="grid gap-1 text-xs text-slate-600">
              <p>Тайният адрес на календара ви. Пазим го шифрован и не го показваме повече.</p>
              <p>
                Google Calendar: Настройки → (календарът) → „Таен адрес във формат iCal“. Outlook: Настройки → Календар → Споделени
                календари → „Публикуване на календар“ → ICS връзка.
              </p>
            </div>
            {errors.url && (
              <p id={errorId(id('url'))} className="text-sm text-danger-700">
                {errors.url}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('owner')}>Вашият имейл в този календар</Label>
            <Input
              id={id('owner')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              maxLength={FEED_OWNER_MAX}
              placeholder="напр. maria@example.com"
              {...register('owner')}
              {...fieldAria(id('owner'), errors.owner, true)}
            />
            <p id={hintId(id('owner'))} className="text-xs text-slate-600">
              По него разпознаваме поканите, които не сте приели: те не заемат време. Не е задължителен; за Google го знаем от адреса.
            </p>
            {errors.owner && (
              <p id={errorId(id('owner'))} className="text-sm text-danger-700">
                {errors.owner}
              </p>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Добавяне...' : 'Добави календара'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
