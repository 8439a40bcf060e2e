import { Loading } from '@/admin/kit/ui/Loading';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/ui/card';
import { errorId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { useRecheckOnDenied } from '@/admin/kit/data/api';
import { ErrorCard } from '@/admin/kit/ui/ErrorCard';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { askToDeleteChanged, useEditConflict } from '@/admin/kit/saving/use-edit-conflict';
import {
  CATEGORY_MAX_LENGTH,
  categoryText,
  fetchCategories,
  useAddCategory,
  useDeleteCategory,
  useProjectCategories,
  useRenameCategory,
  workErrorMessage,
  type ProjectCategory,
} from './api';
import { addCategorySchema, renameCategorySchema, type CategoryNameValues } from './category-schema';

function failed(error: unknown, fallback: string) {
  toast({ title: 'Грешка', description: workErrorMessage(error, fallback), variant: 'destructive' });
}

/** The inline rename of one category, with 'Запази' and 'Отказ' (which asks when the name was changed). */
function CategoryRename({ category, onClose }: { category: ProjectCategory; onClose: () => void }) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm<CategoryNameValues>(renameCategorySchema, {
    defaultValues: { name: category.name },
  });
  const { confirmLeave } = useUnsavedChanges(formState.isDirty);
  // the version the rename is guarded by: the one shown when the editor opened, so a rename
  // saved elsewhere meanwhile is not overwritten
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState(category.updated_at);
  const [shownName, setShownName] = useState(category.name);
  const [typed, setTyped] = useState(category.name);
  const rename = useRenameCategory();
  const recheckOnDenied = useRecheckOnDenied();
  const inputId = useId();
  const error = formState.errors.name?.message;

  async function cancel() {
    if (await confirmLeave()) onClose();
  }

  const conflict = useEditConflict({
    name: shownName,
    onReload: async () => {
      const current = (await fetchCategories()).find((c) => c.id === category.id);
      if (!current) throw new Error(categoryText.updateFailed);
      // the stored name becomes the starting point: nothing is unsaved any more
      reset({ name: current.name });
      setShownName(current.name);
      setExpectedUpdatedAt(current.updated_at);
    },
    onOverwrite: (currentUpdatedAt) => submit(typed, currentUpdatedAt),
  });

  function onValid({ name }: CategoryNameValues) {
    if (name.trim() === category.name) {
      onClose();
      return;
    }
    submit(name, expectedUpdatedAt);
  }

  function submit(name: string, guard: string) {
    setTyped(name);
    rename.mutate(
      { id: category.id, name, expectedUpdatedAt: guard },
      {
        onSuccess: () => {
          toast({ title: categoryText.updated });
          onClose();
        },
        onError: (caught) => {
          if (conflict.show(caught)) return;
          console.error('[work-admin] renaming a category failed', caught);
          setError('name', { type: 'server', message: workErrorMessage(caught, categoryText.updateFailed) });
          failed(caught, categoryText.updateFailed);
          recheckOnDenied(caught);
        },
      },
    );
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      void cancel();
    }
  }

  const onInvalid = (found: FieldErrors<CategoryNameValues>) =>
    toast({ title: 'Грешка', description: found.name?.message, variant: 'destructive' });

  return (
    <>
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-wrap items-start gap-2" aria-busy={rename.isPending}>
        <div className="grid min-w-[12rem] flex-1 gap-1">
          <Label htmlFor={inputId} className="sr-only">
            Ново име за категория {category.name}
          </Label>
          <Input id={inputId} {...register('name')} onKeyDown={onKey} maxLength={CATEGORY_MAX_LENGTH} autoFocus {...fieldAria(inputId, error)} />
          {error && (
            <p id={errorId(inputId)} className="text-sm text-danger-700">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" size="sm" className="h-10" disabled={rename.isPending}>
          {rename.isPending ? 'Запазване...' : 'Запази'}
        </Button>
        <Button size="sm" variant="outline" className="h-10" onClick={() => void cancel()} disabled={rename.isPending}>
          Отказ
        </Button>
      </form>
      {conflict.dialog}
    </>
  );
}

/** One category in the list: its name, or the inline rename. */
function CategoryRow({ category, onDelete, deleting }: { category: ProjectCategory; onDelete: () => void; deleting: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  // back to the row's own button once it is rendered again (the rename may close after a question)
  useEffect(() => {
    if (editing || !closed.current) return;
    closed.current = false;
    const timer = window.setTimeout(() => editButton.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [editing]);

  function stop() {
    closed.current = true;
    setEditing(false);
  }

  if (editing) return <CategoryRename category={category} onClose={stop} />;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="min-w-0 flex-1 break-words font-medium text-slate-900">{category.name}</span>
      <Button ref={editButton} size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Преименувай ${category.name}`}>
        <Pencil aria-hidden="true" />
        Преименувай
      </Button>
      <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={onDelete} disabled={deleting} aria-label={`Изтрий ${category.name}`}>
        <Trash2 aria-hidden="true" />
        Изтрий
      </Button>
    </div>
  );
}

/** The 'Категории' tab: add, rename inline, delete when unused. */
export function CategoriesTab() {
  const categories = useProjectCategories();
  const add = useAddCategory();
  const remove = useDeleteCategory();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm<CategoryNameValues>(addCategorySchema, {
    defaultValues: { name: '' },
  });
  useUnsavedChanges(formState.isDirty);
  const addError = formState.errors.name?.message;
  const [busyId, setBusyId] = useState<string | null>(null);
  const inputId = useId();

  function onAdd({ name }: CategoryNameValues) {
    add.mutate(name, {
      onSuccess: () => {
        toast({ title: categoryText.added });
        reset({ name: '' });
      },
      onError: (error) => {
        console.error('[work-admin] adding a category failed', error);
        setError('name', { type: 'server', message: workErrorMessage(error, categoryText.addFailed) });
        failed(error, categoryText.addFailed);
        recheckOnDenied(error);
      },
    });
  }

  // a blank name: its message under the field and as a toast; the form library focuses the field
  const onAddInvalid = (found: FieldErrors<CategoryNameValues>) =>
    toast({ title: 'Грешка', description: found.name?.message, variant: 'destructive' });

  async function onDelete(category: ProjectCategory) {
    if (await confirm({ message: categoryText.deleteQuestion })) runDelete(category);
  }

  /** Deletes the version the list showed; if it changed since, asks again and deletes the current one. */
  function runDelete(category: ProjectCategory) {
    setBusyId(category.id);
    remove.mutate(category, {
      onSuccess: () => toast({ title: categoryText.deleted }),
      onError: async (error) => {
        setBusyId(null);
        const again = await askToDeleteChanged(error, confirm);
        if (again !== undefined) {
          if (again) runDelete({ ...category, updated_at: again });
          return;
        }
        console.error('[work-admin] deleting a category failed', error);
        failed(error, categoryText.deleteFailed);
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId((current) => (current === category.id ? null : current)),
    });
  }

  return (
    <section aria-labelledby="work-categories-heading" className="grid max-w-2xl gap-4">
      <h2 id="work-categories-heading" className="text-xl font-semibold text-slate-900">
        Категории
      </h2>
      <p className="text-sm text-slate-700">
        Категориите са филтрите на раздела „Нашата работа“ на началната страница. Преименуването се отразява във всички проекти от
        категорията; категория, която се използва от проект, не може да бъде изтрита.
      </p>
      <Card className="p-4">
        <form noValidate onSubmit={handleSubmit(onAdd, onAddInvalid)} className="grid gap-1.5" aria-busy={add.isPending}>
          <Label htmlFor={inputId}>Ново име на категория</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={inputId}
              className="min-w-[12rem] flex-1"
              {...register('name')}
              maxLength={CATEGORY_MAX_LENGTH}
              {...fieldAria(inputId, addError)}
            />
            <Button type="submit" disabled={add.isPending}>
              <Plus aria-hidden="true" />
              Добави
            </Button>
          </div>
          {addError && (
            <p id={errorId(inputId)} className="text-sm text-danger-700">
              {addError}
            </p>
          )}
        </form>
      </Card>

      {categories.isPending ? (
        <Loading>Зареждане на категории...</Loading>
      ) : categories.isError ? (
        <ErrorCard message={categoryText.loadFailed} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />
      ) : categories.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Няма категории. Добавете първата, за да можете да създавате проекти.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Списък с категории">
          {categories.data.map((category) => (
            <li key={category.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <CategoryRow category={category} onDelete={() => void onDelete(category)} deleting={busyId === category.id} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
