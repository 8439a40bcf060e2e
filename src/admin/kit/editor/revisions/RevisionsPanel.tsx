import { ChevronRight, History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { PagedList, ListRows } from '../../lists/PagedList';
import { REVISIONS_PAGE_SIZE, useRevisionPage, type RevisionRow } from './api';
import type { RevisionTable } from './diff';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { savedBy, revisionsText as text } from './text';
import { VersionDialog } from './VersionDialog';

export interface RevisionsPanelProps {
  table: RevisionTable;
  /** The record being edited. */
  recordId: string;
  /** The version the form edits (its updated_at guard): a save adds a version, so the list is read anew. */
  version: string | undefined;
  /** The form's values now, saved or not: what a version is compared with. */
  current: Readonly<Record<string, unknown>>;
  /** Puts the version's record into the form and saves it through the form's own save. */
  onRestore: (record: Record<string, unknown>) => void;
  /** A save is running: a restore waits for it. */
  busy?: boolean;
}

const LIST_TEXT = { loading: text.loading, loadFailed: text.loadFailed, empty: text.empty, pages: text.pages };

/**
 * 'История на версиите' under an existing record's form: collapsed until the admin opens it (no
 * request before that), then the versions a page at a time with who saved them and when. A
 * version opens in a dialog with the changes of its title and texts against the form's current
 * values, and 'Възстанови тази версия', which asks once and then saves it as a new version.
 */
export function RevisionsPanel(props: RevisionsPanelProps) {
  const [open, setOpen] = useState(false);
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${uid}-heading`} className="text-base font-semibold text-slate-900">
        <Button
          variant="ghost"
          className="-mx-3 h-auto py-1.5 text-base font-semibold"
          aria-expanded={open}
          aria-controls={`${uid}-panel`}
          onClick={() => setOpen((was) => !was)}
        >
          <ChevronRight aria-hidden="true" className={cn('motion-safe:transition-transform', open && 'rotate-90')} />
          <History aria-hidden="true" />
          {text.heading}
        </Button>
      </h3>
      <div id={`${uid}-panel`} hidden={!open} className="grid gap-3">
        {/* mounted once opened: the versions are read only when asked for */}
        {open && <VersionList {...props} />}
      </div>
    </section>
  );
}

function VersionList({ table, recordId, version, current, onRestore, busy }: RevisionsPanelProps) {
  // the page is the panel's own: the form's address belongs to the record
  const [page, setPage] = useState(0);
  const query = useRevisionPage(table, recordId, version, page);
  const list = useMemo(() => ({ page, filtered: false, stepBack: setPage, goTo: setPage, clear: () => setPage(0) }), [page]);
  const [opened, setOpened] = useState<RevisionRow | null>(null);

  return (
    <>
      <p className="text-sm text-slate-700">{text.intro}</p>
      <PagedList list={list} query={query} text={LIST_TEXT} pageSize={REVISIONS_PAGE_SIZE}>
        {(rows, busyPage) => (
          <ListRows rows={rows} busy={busyPage} label={text.list} tight>
            {(row) => <VersionRow row={row} onOpen={() => setOpened(row)} />}
          </ListRows>
        )}
      </PagedList>
      <VersionDialog
        table={table}
        row={opened}
        current={current}
        busy={busy}
        onClose={() => setOpened(null)}
        onRestore={(record) => {
          setOpened(null);
          onRestore(record);
        }}
      />
    </>
  );
}

function VersionRow({ row, onOpen }: { row: RevisionRow; onOpen: () => void }) {
  const when = formatDateTimeBg(row.saved_at);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="break-words font-medium text-slate-900">{row.title?.trim() || text.untitled}</p>
        <p className="text-sm text-slate-700">
          <time dateTime={row.saved_at} className="tabular-nums">
            {when}
          </time>
          {' · '}
          {savedBy(row)}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onOpen}>
        {text.open}{' '}
        <span className="sr-only">на версията от {when}</span>
      </Button>
    </div>
  );
}
