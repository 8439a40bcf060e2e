import { ChevronRight, History, RotateCcw } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { FormAlert } from '../FormAlert';
import { PagedList, ListRows } from '../PagedList';
import { useConfirm } from '../use-confirm';
import { REVISIONS_PAGE_SIZE, useRevisionPage, useRevisionRecord, type RevisionRow } from './api';
import { fieldChanges, loadDiff, type DiffLibrary, type DiffPart, type RevisionTable } from './diff';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { revisionsText as text } from './text';

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

function savedBy(row: Pick<RevisionRow, 'saved_by_name'>): string {
  return row.saved_by_name.trim() || text.unknownAuthor;
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

/** jsdiff, loaded on first use (a chunk of its own); the same promise for every later use. */
let diffLibrary: Promise<DiffLibrary> | null = null;

function useDiffLibrary(wanted: boolean): { lib: DiffLibrary | null; failed: boolean; retry: () => void } {
  const [lib, setLib] = useState<DiffLibrary | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || lib) return;
    let live = true;
    diffLibrary ??= loadDiff();
    diffLibrary.then(
      (loaded) => live && setLib(() => loaded),
      (error: unknown) => {
        // a failed chunk load (a new deploy, no network) may succeed next time
        diffLibrary = null;
        console.error('[admin] loading the diff library failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, lib, attempt]);
  return {
    lib,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}

interface VersionDialogProps {
  table: RevisionTable;
  row: RevisionRow | null;
  current: Readonly<Record<string, unknown>>;
  busy?: boolean;
  onClose: () => void;
  onRestore: (record: Record<string, unknown>) => void;
}

function VersionDialog({ table, row, current, busy, onClose, onRestore }: VersionDialogProps) {
  const record = useRevisionRecord(row?.id ?? null);
  const diff = useDiffLibrary(row !== null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const when = row ? formatDateTimeBg(row.saved_at) : '';

  async function restore() {
    if (!record.data) return;
    const answer = await confirm({
      title: text.confirmTitle,
      message: text.confirmMessage(when),
      confirmLabel: text.confirm,
      destructive: false,
    });
    if (answer && record.data) onRestore(record.data);
  }

  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      {row && (
        <DialogContent
          title={`${text.dialogTitle} ${when}`}
          description={`Запазена от ${savedBy(row)}.`}
          maxWidth={900}
          closeLabel={text.close}
        >
          <VersionBody record={record} diff={diff} table={table} current={current} />
          <p className="text-sm text-slate-700">{text.restoreNote}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {text.close}
            </Button>
            <Button onClick={() => void restore()} disabled={!record.data || busy}>
              <RotateCcw aria-hidden="true" />
              {text.restore}
            </Button>
          </div>
          {confirmDialog}
        </DialogContent>
      )}
    </Dialog>
  );
}

function VersionBody({
  record,
  diff,
  table,
  current,
}: {
  record: ReturnType<typeof useRevisionRecord>;
  diff: ReturnType<typeof useDiffLibrary>;
  table: RevisionTable;
  current: Readonly<Record<string, unknown>>;
}) {
  const changes = useMemo(
    () => (diff.lib && record.data ? fieldChanges(diff.lib, table, record.data, current) : null),
    [diff.lib, record.data, table, current],
  );

  if (record.isError) {
    return (
      <FormAlert onRetry={() => void record.refetch()} retrying={record.isFetching}>
        {text.versionFailed}
      </FormAlert>
    );
  }
  if (diff.failed) {
    return (
      <FormAlert onRetry={diff.retry}>
        {text.diffFailed}
      </FormAlert>
    );
  }
  if (!changes) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
        <Spinner size="sm" label="Зареждане" />
        {text.versionLoading}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={text.legend} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <li>
          <del className={REMOVED}>зачертано</del> — {text.legendRemoved}
        </li>
        <li>
          <ins className={ADDED}>подчертано</ins> — {text.legendAdded}
        </li>
      </ul>
      {changes.map((field) => (
        <section key={field.key} aria-label={field.label} className="grid gap-1.5">
          <h3 className="text-sm font-semibold text-slate-900">{field.label}</h3>
          {field.unchanged ? (
            <p className="text-sm text-slate-600">{text.unchanged}</p>
          ) : (
            <div
              className={cn(
                'max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900',
                field.mode === 'lines' && 'font-mono',
              )}
            >
              {field.parts.map((part, index) => (
                <DiffRun key={index} part={part} />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

const REMOVED = 'rounded-sm bg-danger-50 text-danger-700 line-through decoration-2';
const ADDED = 'rounded-sm bg-emerald-50 text-emerald-900 underline decoration-2 underline-offset-2';

/** One run of a diff; a change says what it is in words too, for screen readers. */
function DiffRun({ part }: { part: DiffPart }) {
  if (part.kind === 'skipped') {
    return <span className="my-1 block font-sans text-xs italic text-slate-600">{text.skipped(part.lines)}</span>;
  }
  if (part.kind === 'removed') {
    return (
      <del className={REMOVED}>
        <span className="sr-only">{text.removedMark}</span>
        {part.text}
        <span className="sr-only">{text.removedEnd}</span>
      </del>
    );
  }
  if (part.kind === 'added') {
    return (
      <ins className={ADDED}>
        <span className="sr-only">{text.addedMark}</span>
        {part.text}
        <span className="sr-only">{text.addedEnd}</span>
      </ins>
    );
  }
  return <span>{part.text}</span>;
}
