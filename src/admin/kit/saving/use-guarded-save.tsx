import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied } from '../data/api';
import type { SavedVersion } from '../data/concurrency';
import { useEditConflict } from './use-edit-conflict';

/** A record an admin form edits: its id and the version it was loaded at. */
interface Versioned {
  id: string;
  updated_at: string;
}

/** What a save mutation (a record type's useSave(), kit/records/record-type.ts) offers the hook. */
interface SaveMutation<Vars> {
  mutate: (variables: Vars, callbacks: { onSuccess: (saved: SavedVersion) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

export interface GuardedSaveOptions<R extends Versioned, V extends FieldValues, P, Vars> {
  /** The record as the form opened it, or null for a new one. */
  loaded: R | null;
  form: UseFormReturn<V>;
  /** The form's values of a stored version, or of none (used when the admin loads the current one). */
  valuesOf: (record: R | null) => V;
  /** Reads the stored version by id (a one-row table, such as the calendar's, may ignore it). */
  fetchCurrent: (id: string) => Promise<R | null>;
  /** The record's name in the conflict dialog. */
  nameOf: (record: R | null) => string;
  mutation: SaveMutation<Vars>;
  /** The mutation's variables for a payload, the record's id (absent: insert) and the version guard. */
  variables: (payload: P, id: string | undefined, expectedUpdatedAt: string | undefined) => Vars;
  /** The toast after a save. */
  savedToast: { title: string; description?: string };
  /** The sentence for a failed save (shown inline and as a toast). */
  failure: (error: unknown) => string;
  /** Where a failure is logged, e.g. 'saving the post'. */
  what: string;
  /** After a save: the form is no longer dirty (the saved values are its baseline). */
  onSaved?: (saved: SavedVersion) => void;
}

export interface GuardedSave<R, P> {
  /** The version being edited: the loaded one, or the current one after 'Зареди текущата версия'. */
  record: R | null;
  /** Whether the form edits a stored row (false until a new record's first save). */
  stored: boolean;
  /** The guard of the next update. */
  expectedUpdatedAt: string | undefined;
  /** Edits made on an older version (a restored draft) are saved against it. */
  guardWith: (updatedAt: string) => void;
  submit: (payload: P) => void;
  /** Saves the last payload again (the inline error's 'Опитайте отново'); none before a first save. */
  retry: (() => void) | undefined;
  saveError: string | null;
  isPending: boolean;
  /** The conflict dialog: render it once in the form. */
  conflictDialog: ReactNode;
}

/**
 * The save workflow every admin form shares. An update is guarded by the version the form loaded
 * (see ./concurrency): when someone else saved in between, the conflict dialog offers the stored
 * version or a deliberate overwrite, and what was typed stays until the admin chooses. A failed
 * save keeps the form as it was, says why inline and in a toast, and re-checks the admin's rights
 * when the database refused the write. A successful one moves the guard to the new version,
 * makes the saved values the form's baseline and toasts.
 */
export function useGuardedSave<R extends Versioned, V extends FieldValues, P, Vars>(
  options: GuardedSaveOptions<R, V, P, Vars>,
): GuardedSave<R, P> {
  const { loaded, form, mutation } = options;
  const [record, setRecord] = useState<R | null>(loaded);
  // the row a save writes: the loaded one, or the one the first save of a new record made
  const [id, setId] = useState<string | undefined>(loaded?.id);
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState<string | undefined>(loaded?.updated_at);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [lastPayload, setLastPayload] = useState<P | null>(null);
  const recheckOnDenied = useRecheckOnDenied();

  const conflict = useEditConflict({
    name: options.nameOf(record),
    onReload: async () => {
      // a conflict is only ever met by a guarded update, which has an id
      if (id === undefined) return;
      const current = await options.fetchCurrent(id);
      setRecord(current);
      setId(current?.id);
      setExpectedUpdatedAt(current?.updated_at);
      // the stored version becomes the form's starting point: nothing is unsaved any more
      form.reset(options.valuesOf(current));
      setSaveError(null);
    },
    onOverwrite: (currentUpdatedAt) => {
      if (lastPayload !== null) submit(lastPayload, currentUpdatedAt);
    },
  });

  function submit(payload: P, guard = expectedUpdatedAt) {
    setLastPayload(payload);
    setSaveError(null);
    mutation.mutate(options.variables(payload, id, guard), {
      onSuccess: (saved) => {
        setId(saved.id);
        setExpectedUpdatedAt(saved.updated_at);
        // what was saved is what the form now compares with
        form.reset(form.getValues());
        toast(options.savedToast);
        options.onSaved?.(saved);
      },
      onError: (error) => {
        if (conflict.show(error)) return;
        console.error(`[admin] ${options.what} failed`, error);
        const message = options.failure(error);
        setSaveError(message);
        toast({ title: 'Грешка', description: message, variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
  }

  return {
    record,
    stored: id !== undefined,
    expectedUpdatedAt,
    guardWith: setExpectedUpdatedAt,
    submit: (payload) => submit(payload),
    retry: lastPayload !== null ? () => submit(lastPayload) : undefined,
    saveError,
    isPending: mutation.isPending,
    conflictDialog: conflict.dialog,
  };
}
