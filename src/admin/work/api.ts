/*
 * Data of /work-admin: projects and project categories. The only code of the
 * project management that calls Supabase. Keys live under 'admin' (sign-out forgets them); every
 * write also marks the public pages' cached projects and categories stale, so visitors see the
 * change the next time a page opens.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { codeOf } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, describeDbError } from '@/admin/kit/data/api';
import { explainNoRows, guardedDelete, isStaleWrite } from '@/admin/kit/data/concurrency';
import { defineRecordType } from '@/admin/kit/records/record-type';
import { recordWords } from '@/admin/kit/records/record-words';
import { projectFormText, type AdminProject, type AdminProjectRow, type ProjectPayload } from './project-record';

/** A category as the admin lists it; updated_at is the version a rename or delete is guarded by. */
export type ProjectCategory = Pick<Tables<'project_categories'>, 'id' | 'name' | 'updated_at'>;

export const categoryText = {
  nameRequired: 'Моля, въведете име на категорията.',
  renameBlank: 'Името на категорията не може да бъде празно.',
  inUse: 'Тази категория се използва в съществуващи проекти.',
  duplicate: 'Вече има категория с това име.',
  added: 'Категорията е добавена',
  updated: 'Категорията е обновена',
  deleted: 'Категорията е изтрита',
  loadFailed: 'Неуспешно зареждане на категории.',
  addFailed: 'Неуспешно добавяне на категория.',
  updateFailed: 'Неуспешно обновяване на категорията.',
  deleteFailed: 'Неуспешно изтриване на категорията.',
  deleteQuestion: 'Сигурни ли сте, че искате да изтриете тази категория?',
} as const;

/** Longest category name the database accepts. */
export const CATEGORY_MAX_LENGTH = 100;

/** Every column the project form needs: read for the one project opened for editing. */
export const PROJECT_COLUMNS =
  'id, title, category, image, image_alt, meta_title, meta_description, share_image, share_image_alt, link, description, gallery, slug, detailed_description, technologies, client, duration, team_size, status, documentation_url, created_at, updated_at' as const;

/** What a list card shows (and updated_at, the version its delete is guarded by): never the detailed description or the gallery. */
export const PROJECT_LIST_COLUMNS = 'id, title, category, image, link, description, created_at, updated_at' as const;

/** An error whose message is already the sentence to show. */
export class WorkError extends Error {
  readonly code: string;
  constructor(message: string, code: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'WorkError';
    this.code = code;
  }
}

// ---- Projects ---------------------------------------------------------------------------------

/**
 * The database's refusals of a project save, as sentences: the only unique column besides the id
 * is the slug (23505), and a category deleted meanwhile breaks the foreign key (23503).
 */
export function projectSaveError(error: unknown): unknown {
  const code = codeOf(error);
  if (code === '23505') return new WorkError(projectFormText.duplicateSlug, code, error);
  if (code === '23503') return new WorkError(projectFormText.missingCategory, code, error);
  return error;
}

/** Projects: everything the tab reads and writes comes from this declaration (kit/records/record-type.ts). */
export const projectRecords = defineRecordType<AdminProjectRow, AdminProject, ProjectPayload>({
  name: 'projects',
  table: 'projects',
  listColumns: PROJECT_LIST_COLUMNS,
  recordColumns: PROJECT_COLUMNS,
  searchColumns: ['title', 'client', 'category'],
  stampUpdates: true,
  saveError: projectSaveError,
  // a category in use cannot be deleted: the categories tab reads that anew; the landing
  // portfolio (['landing', 'projects'], ['landing', 'project-categories']) and the public
  // project pages (['projects', 'detail', slug])
  alsoStale: { keys: [adminKeys.categories], publicWords: ['project'] },
  text: recordWords({
    one: 'проект',
    theOne: 'проекта',
    theOneSubject: 'Проектът',
    many: 'проекти',
    theMany: 'проектите',
    gender: 'masculine',
    title: 'Проекти',
    searchHint: 'Заглавие, клиент или категория',
    empty: 'Няма проекти. Създайте първия.',
    logDelete: '[work-admin] deleting a project failed',
  }),
});

// ---- Categories -------------------------------------------------------------------------------

export async function fetchCategories(): Promise<ProjectCategory[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('project_categories').select('id, name, updated_at').order('name');
  if (error) throw error;
  return data ?? [];
}

export function useProjectCategories() {
  return useQuery({ queryKey: adminKeys.categories, queryFn: fetchCategories });
}

function categoryWriteError(error: unknown): unknown {
  const code = codeOf(error);
  if (code === '23505') return new WorkError(categoryText.duplicate, code, error);
  // foreign key still referenced (23503) or restrict violation (23001): projects use it
  if (code === '23503' || code === '23001') return new WorkError(categoryText.inUse, code, error);
  return error;
}

/** Insert {name} (trimmed; a blank name is refused before anything is sent). */
export async function addCategory(name: string): Promise<void> {
  const cleaned = name.trim();
  if (!cleaned) throw new WorkError(categoryText.nameRequired, 'blank');
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('project_categories').insert({ name: cleaned }).select('id');
  if (error) throw categoryWriteError(error);
  changedRows(data);
}

/**
 * Renames a category and, in the same statement, every project that uses it (the SQL function
 * rename_project_category; the foreign key cascades the new name). Guarded by the version the list
 * loaded: the function refuses a category changed since with 40001, which becomes an
 * EditConflictError with the current updated_at (a category deleted meanwhile: RecordGoneError).
 */
export async function renameCategory({ id, name, expectedUpdatedAt }: { id: string; name: string; expectedUpdatedAt: string }): Promise<string> {
  const cleaned = name.trim();
  if (!cleaned) throw new WorkError(categoryText.renameBlank, 'blank');
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('rename_project_category', { category_id: id, new_name: cleaned, expected_updated_at: expectedUpdatedAt });
  if (error) {
    const code = codeOf(error);
    if (code === '40001' || code === 'P0002') return explainNoRows(supabase, 'project_categories', id, expectedUpdatedAt);
    throw categoryWriteError(error);
  }
  return typeof data === 'string' ? data : cleaned;
}

/**
 * Deletes a category no project uses. Usage is checked first (one project id with this category);
 * the database refuses it as well (ON DELETE RESTRICT), should a project take it meanwhile.
 */
export async function deleteCategory(category: ProjectCategory): Promise<void> {
  const supabase = await getSupabase();
  const usage = await supabase.from('projects').select('id').eq('category', category.name).limit(1);
  if (usage.error) throw usage.error;
  if ((usage.data ?? []).length > 0) throw new WorkError(categoryText.inUse, 'in-use');
  try {
    await guardedDelete(supabase, 'project_categories', category.id, category.updated_at);
  } catch (error) {
    throw categoryWriteError(error);
  }
}

export function useAddCategory() {
  const invalidate = projectRecords.useRefresh();
  return useMutation({ mutationFn: addCategory, onSuccess: invalidate });
}

export function useRenameCategory() {
  const invalidate = projectRecords.useRefresh();
  return useMutation({ mutationFn: renameCategory, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

export function useDeleteCategory() {
  const invalidate = projectRecords.useRefresh();
  return useMutation({ mutationFn: deleteCategory, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

/**
 * The message for a failed write of this page: our own sentence, a mapped refusal (rights,
 * duplicates), else the server's message, else the fallback.
 */
export function workErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof WorkError) return error.message;
  const mapped = describeDbError(error);
  if (mapped) return mapped;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message.trim() : fallback;
}
