import { CalendarSync, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useCalendarFeeds, useRemoveCalendarFeed, useSetCalendarFeedActive, useSyncCalendarFeeds, type CalendarFeed } from './feeds-api';
import { feedText } from './feed-schema';
import { AddFeedForm } from './AddFeedForm';
import { FeedCard } from './FeedCard';

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
