import { Loading } from '../../ui/Loading';
import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { FormAlert } from '../../ui/FormAlert';
import { useConfirm } from '../../ui/use-confirm';
import { useRevisionRecord, type RevisionRow } from './api';
import { fieldChanges, type DiffPart, type RevisionTable } from './diff';
import { savedBy, revisionsText as text } from './text';
import { useDiffLibrary, type DiffLoad } from './use-diff-library';

/*
 * One stored version, opened from 'История на версиите': its title and texts against the form's
 * current values (removed struck through, added underlined, each also said in words), and
 * 'Възстанови тази версия', which asks once before the form takes the version and saves it.
 */

export interface VersionDialogProps {
  table: RevisionTable;
  row: RevisionRow | null;
  current: Readonly<Record<string, unknown>>;
  busy?: boolean;
  onClose: () => void;
  onRestore: (record: Record<string, unknown>) => void;
}

export function VersionDialog({ table, row, current, busy, onClose, onRestore }: VersionDialogProps) {
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
  diff: DiffLoad;
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
      <Loading size="line">{text.versionLoading}</Loading>
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
