import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { Loading } from '@/admin/kit/ui/Loading';
import { ListFilter, ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/lists/PagedList';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { SUBSCRIBER_STATUSES, useEraseSubscriber, useExportConsents, useLiftSuppression, useSubscriberCounts, useSubscriberPage, useUnsubscribe, type Subscriber, type SubscriberFilters } from './api';
import { downloadText } from '@/admin/kit/formats/csv';
import { consentCount, consentsCsv, consentsCsvFileName } from './csv';
import { LiftDialog } from './LiftDialog';
import { eraseQuestion, exportedDescription, liftedDescription, STATUS_PLURAL, subscriberListText, subscriberText, unsubscribedDescription, unsubscribeQuestion } from './words';
import { SubscriberRow } from './SubscriberRow';

/** The state filter, as the address may carry it ('?subscribers.status=confirmed'). */
const SUBSCRIBER_FILTERS = { status: SUBSCRIBER_STATUSES } as const;

const STATUS_OPTIONS = [
  { value: '', label: subscriberText.all },
  ...SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: STATUS_PLURAL[status] })),
];

/**
 * The 'Абонати' tab: the newsletter's subscribers, the newest first, with the counts per state, a
 * search by address and a state filter (in the address, like every list), an unsubscribe and the
 * erasure on request after a question, the lift of a suppression with a reason (and the record of
 * lifts in each row), and the consent records of every page as CSV. Loaded with the tab only
 * (panel/AdminPage.tsx), so the panel's first load does not carry it.
 */
export function SubscribersTab() {
  const paging = useListState('subscribers', SUBSCRIBER_FILTERS);
  const filters: SubscriberFilters = { search: paging.search, status: paging.filters.status };
  const list = useSubscriberPage(filters, paging.page);
  const exporter = useExportConsents();
  const unsubscribe = useUnsubscribe();
  const erase = useEraseSubscriber();
  const lift = useLiftSuppression();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [lifting, setLifting] = useState<Subscriber | null>(null);
  const [liftProblem, setLiftProblem] = useState<string | null>(null);
  const [liftOpener, setLiftOpener] = useState<HTMLElement | null>(null);

  function onExport() {
    exporter.mutate(filters, {
      onSuccess: (rows) => {
        if (rows.length === 0) {
          toast({ title: subscriberText.nothingToExport, description: subscriberListText.noMatch });
          return;
        }
        downloadText(consentsCsv(rows), consentsCsvFileName());
        toast({ title: subscriberText.exported, description: exportedDescription(rows.length, consentCount(rows)) });
      },
      onError: (error) => {
        console.error('[admin] exporting newsletter consents failed', error);
        toast({ title: 'Грешка', description: subscriberText.exportFailed, variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
  }

  /** Runs a write on a row after its question; says how it went. */
  async function askThenWrite(
    subscriber: Subscriber,
    question: { title: string; message: string; confirmLabel: string; destructive: boolean },
    write: typeof unsubscribe,
    done: { title: string; description: string },
    failed: string,
  ) {
    if (!(await confirm(question))) return;
    setBusyId(subscriber.id);
    write.mutate(subscriber, {
      onSuccess: () => toast(done),
      onError: (error) => {
        console.error('[admin] a write on a newsletter subscriber failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, failed), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId((current) => (current === subscriber.id ? null : current)),
    });
  }

  const onUnsubscribe = (subscriber: Subscriber) =>
    void askThenWrite(
      subscriber,
      {
        title: subscriberText.unsubscribeTitle,
        message: unsubscribeQuestion(subscriber.email),
        confirmLabel: subscriberText.unsubscribe,
        destructive: false,
      },
      unsubscribe,
      { title: subscriberText.unsubscribed, description: unsubscribedDescription(subscriber.email) },
      subscriberText.unsubscribeFailed,
    );

  const onErase = (subscriber: Subscriber) =>
    void askThenWrite(
      subscriber,
      { title: subscriberText.eraseTitle, message: eraseQuestion(subscriber.email), confirmLabel: subscriberText.eraseConfirm, destructive: true },
      erase,
      { title: subscriberText.erased, description: subscriberText.erasedDescription },
      subscriberText.eraseFailed,
    );

  const onAskLift = (subscriber: Subscriber, opener: HTMLElement) => {
    setLiftProblem(null);
    setLiftOpener(opener);
    setLifting(subscriber);
  };

  const closeLift = () => {
    setLifting(null);
    setLiftProblem(null);
  };

  /** The dialog's reason goes to the database; the dialog stays open, with what was typed, when it refuses. */
  function onLift(reason: string) {
    const subscriber = lifting;
    if (!subscriber) return;
    setLiftProblem(null);
    setBusyId(subscriber.id);
    lift.mutate(
      { subscriber, reason },
      {
        onSuccess: (status) => {
          closeLift();
          toast({ title: subscriberText.lifted, description: liftedDescription(subscriber.email, status) });
        },
        onError: (error) => {
          console.error('[admin] lifting a newsletter suppression failed', error);
          setLiftProblem(writeErrorMessage(error, subscriberText.liftFailed));
          recheckOnDenied(error);
        },
        onSettled: () => setBusyId((current) => (current === subscriber.id ? null : current)),
      },
    );
  }

  const actions = (
    <Button variant="outline" onClick={onExport} disabled={exporter.isPending || !list.data}>
      {exporter.isPending ? <Spinner size="sm" label="Експорт" /> : <Download aria-hidden="true" />}
      {subscriberText.export}
    </Button>
  );

  return (
    <ListSection list={paging} title={subscriberText.title} actions={actions}>
      <p className="text-sm text-slate-700">{subscriberText.intro}</p>
      <StateCounts />
      <ListSearch list={paging} name={subscriberText.search} placeholder={subscriberText.searchHint} className="md:grid-cols-[2fr_1fr]">
        <ListFilter label={subscriberText.filter} value={filters.status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />
      </ListSearch>
      <PagedList list={paging} query={list} text={subscriberListText}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label={subscriberText.list} tight>
            {(subscriber) => (
              <SubscriberRow
                subscriber={subscriber}
                busy={busyId === subscriber.id}
                onUnsubscribe={onUnsubscribe}
                onErase={onErase}
                onLift={onAskLift}
              />
            )}
          </ListRows>
        )}
      </PagedList>
      {dialog}
      <LiftDialog subscriber={lifting} busy={lift.isPending} problem={liftProblem} onCancel={closeLift} onLift={onLift} returnFocus={liftOpener} />
    </ListSection>
  );
}

/** How many subscribers are in each state, as text. */
function StateCounts() {
  const counts = useSubscriberCounts();
  if (counts.isPending) return <Loading size="line">{subscriberText.countsLoading}</Loading>;
  if (counts.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <p>{subscriberText.countsFailed}</p>
        <Button size="sm" variant="outline" onClick={() => void counts.refetch()} disabled={counts.isFetching}>
          Опитайте отново
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label={subscriberText.counts} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {SUBSCRIBER_STATUSES.map((status) => (
        <li key={status} className="grid gap-0.5 rounded-lg border border-slate-200 bg-white p-3">
          <span className="text-sm text-slate-700">
            {STATUS_PLURAL[status]}
            <span className="sr-only">:</span>
          </span>{' '}
          <span className="text-2xl font-semibold text-slate-900">{counts.data[status]}</span>
        </li>
      ))}
    </ul>
  );
}
