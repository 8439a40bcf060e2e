import { RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { Card } from '@/admin/kit/ui/card';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { useRecheckOnDenied } from '@/admin/kit/data/api';
import { ListFilter, ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/lists/PagedList';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { useBinPage, useInvalidateBin, usePurgeFromBin, useRestoreFromBin, type BinItem } from './api';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { BIN_KIND_WORDS, BIN_KINDS, BIN_TABLES, purgeTime } from '../kit/records/bin-kinds';
import {
  binListText,
  binText,
  purgedDescription,
  purgeErrorMessage,
  purgeQuestion,
  restoredDescription,
  restoreErrorMessage,
} from './messages';
import { RestoreUserDialog } from './RestoreUserDialog';

/** The kind filter, as the address may carry it ('?bin.kind=projects'). */
const BIN_FILTERS = { kind: BIN_KINDS } as const;

const KIND_OPTIONS = [
  { value: '', label: 'Всички' },
  ...BIN_KINDS.map((kind) => ({ value: kind, label: BIN_KIND_WORDS[BIN_TABLES[kind]].plural })),
];

/**
 * The 'Кошче' tab: what was deleted of posts, projects, clients and blog users, the latest first,
 * one page at a time; each item may be restored or deleted for good. Loaded with the tab only
 * (AdminPage), so the panel's first load does not carry it.
 */
export function BinTab() {
  const paging = useListState('bin', BIN_FILTERS);
  const kind = paging.filters.kind;
  const items = useBinPage({ search: paging.search, kind }, paging.page);
  const invalidateBin = useInvalidateBin();
  const restore = useRestoreFromBin();
  const purge = usePurgeFromBin();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  // the blog user whose restore waits for a new password
  const [asking, setAsking] = useState<BinItem | null>(null);

  useRefreshWhenShown(invalidateBin);

  function runRestore(item: BinItem, newPassword?: string) {
    setBusyId(item.id);
    restore.mutate(
      { item, newPassword },
      {
        onSuccess: () => toast({ title: binText.restored, description: restoredDescription(item) }),
        onError: (error) => {
          console.error('[admin] restoring from the bin failed', error);
          toast({ title: binText.restoreFailed, description: restoreErrorMessage(error, item), variant: 'destructive' });
          recheckOnDenied(error);
        },
        onSettled: () => {
          setAsking(null);
          setBusyId((current) => (current === item.id ? null : current));
        },
      },
    );
  }

  function onRestore(item: BinItem) {
    // its sign-in account went with it: the new one needs a password
    if (item.table_name === 'blog_users') setAsking(item);
    else runRestore(item);
  }

  async function onPurge(item: BinItem) {
    const sure = await confirm({ title: binText.purgeTitle, message: purgeQuestion(item), confirmLabel: binText.purgeConfirm });
    if (!sure) return;
    setBusyId(item.id);
    purge.mutate(item, {
      onSuccess: () => toast({ title: binText.purged, description: purgedDescription(item) }),
      onError: (error) => {
        console.error('[admin] deleting from the bin failed', error);
        toast({ title: binText.purgeFailed, description: purgeErrorMessage(error), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId((current) => (current === item.id ? null : current)),
    });
  }

  return (
    <ListSection list={paging} title={binText.title}>
      <p className="text-sm text-slate-700">{binText.intro}</p>
      <ListSearch list={paging} name="Търсене в кошчето" placeholder="Име или кой го е изтрил" className="md:grid-cols-[2fr_1fr]">
        <ListFilter label="Вид" value={kind} onChange={(value) => paging.setFilter('kind', value)} options={KIND_OPTIONS} />
      </ListSearch>
      <PagedList list={paging} query={items} text={binListText}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label="Изтрити записи" tight>
            {(item) => <BinRow item={item} busy={busyId === item.id} onRestore={onRestore} onPurge={(row) => void onPurge(row)} />}
          </ListRows>
        )}
      </PagedList>
      <RestoreUserDialog
        item={asking}
        pending={asking !== null && busyId === asking.id}
        onCancel={() => setAsking(null)}
        onRestore={(password) => asking && runRestore(asking, password)}
      />
      {dialog}
    </ListSection>
  );
}

interface BinRowProps {
  item: BinItem;
  /** Its restore or delete is running. */
  busy: boolean;
  onRestore: (item: BinItem) => void;
  onPurge: (item: BinItem) => void;
}

function BinRow({ item, busy, onRestore, onPurge }: BinRowProps) {
  const purgeAt = purgeTime(item.deleted_at);
  return (
    <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-semibold text-slate-900">{item.label}</h3>
          <Badge variant="outline">{BIN_KIND_WORDS[item.table_name].name}</Badge>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt className="text-slate-600">Изтрито от:</dt>
            <dd>{item.deleted_by_name.trim() || binText.deletedByUnknown}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">Изтрито на:</dt>
            <dd>
              <time dateTime={item.deleted_at}>{formatDateTimeBg(item.deleted_at)}</time>
            </dd>
          </div>
          {purgeAt && (
            <div className="flex gap-1">
              {/* the daily job deletes it at its first run after this moment */}
              <dt className="text-slate-600">Изтрива се завинаги след:</dt>
              <dd>
                <time dateTime={purgeAt.toISOString()}>{formatDateTimeBg(purgeAt)}</time>
              </dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onRestore(item)} disabled={busy}>
          <RotateCcw aria-hidden="true" />
          Възстанови<span className="sr-only"> {item.label}</span>
        </Button>
        <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={() => onPurge(item)} disabled={busy}>
          <Trash2 aria-hidden="true" />
          Изтрий завинаги<span className="sr-only"> {item.label}</span>
        </Button>
      </div>
    </Card>
  );
}

/**
 * The panel keeps a visited tab mounted: a delete in another tab meanwhile adds to the bin, so
 * the list is read anew each time the tab is shown again.
 */
function useRefreshWhenShown(refresh: () => void) {
  const shown = useLocation().pathname === adminPaths.bin;
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) refresh();
    wasShown.current = shown;
  }, [shown, refresh]);
}
