import { useId, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useUnsavedChanges } from '../navigation/unsaved-changes';

export interface EditorOptions<T extends string, V extends FieldValues> {
  form: UseFormReturn<V, unknown, V>;
  /** The tab the editor opens on. */
  firstTab: T;
  /** Back to the list. */
  onDone: () => void;
}

export interface Editor<T extends string> {
  /** An id of the editor's own, e.g. id('title'); id('heading') names the section and the form. */
  id: (name: string) => string;
  tab: T;
  setTab: (tab: T) => void;
  /** The way back: asks first when something is unsaved, then goes back to the list. */
  leave: () => Promise<void>;
}

/**
 * What every long editor keeps beside its form: its ids, the open tab, and the way back, which
 * asks before unsaved changes are dropped (the form registers as dirty with kit/navigation/unsaved-changes).
 */
export function useEditor<T extends string, V extends FieldValues>({ form, firstTab, onDone }: EditorOptions<T, V>): Editor<T> {
  const uid = useId();
  const [tab, setTab] = useState<T>(firstTab);
  const { confirmLeave } = useUnsavedChanges(form.formState.isDirty);
  return {
    id: (name) => `${uid}-${name}`,
    tab,
    setTab,
    leave: async () => {
      if (await confirmLeave()) onDone();
    },
  };
}

/**
 * A stored version's values put into the form, each one an edit (the form is then dirty); the
 * editor then saves them through its own submit, with its checks and the conflict check.
 */
export function putVersionValues<V extends FieldValues>(form: UseFormReturn<V, unknown, V>, values: V): void {
  for (const name of Object.keys(values) as Path<V>[]) {
    form.setValue(name, values[name] as PathValue<V, Path<V>>, { shouldDirty: true });
  }
}
