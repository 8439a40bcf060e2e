/*
 * Data of /work-admin: projects and project categories. The only code of the
 * project management that calls Supabase. Keys live under 'admin' (sign-out forgets them); every
 * write also marks the public pages' cached projects and categories stale, so visitors see the
 * change the next time a page opens.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { codeOf } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';
import { changedRows, describeDbError, invalidatePublic } from '@/admin/kit/api';
import { explainNoRows, guardedDelete, guardedUpdate, isStaleWrite, type SavedVersion } from '@/admin/kit/concurrency';
import { foundRow, readPage, RECORD_QUERY, type ListPage } from '@/admin/kit/list';
import { searchFilter } from '@/admin/kit/search';
import { projectFormText, type AdminProject, type AdminProjectRow, type ProjectPayload } from './project-record';

export const workKeys = {
  projects: ['admin', 'projects'] as const,
  projectPages: () => [...workKeys.projects, 'page'] as const,
  projectPage: (search: string, page: number) => [...workKeys.projectPages(), search, page] as const,
  project: (id: string) => [...workKeys.projects, 'detail', id] as const,
  categories: ['admin', 'project-categories'] as const,
};

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

/** Where the list's search looks. */
export const PROJECT_SEARCH_COLUMNS = ['title', 'client', 'category'] as const;

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

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

function projectListQuery(supabase: Supabase, search: string, head = false) {
  const query = supabase.from('projects').select(PROJECT_LIST_COLUMNS, { count: 'exact', head });
  const filter = searchFilter(search, PROJECT_SEARCH_COLUMNS);
  return filter ? query.or(filter) : query;
}

/** One page of projects, newest first, with the number that match the search. */
export async function fetchAdminProjectPage(search: string, page: number): Promise<ListPage<AdminProjectRow>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    (from, to) => projectListQuery(supabase, search).order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to),
    () => projectListQuery(supabase, search, true),
  );
}

export function useAdminProjectPage(search: string, page: number) {
  return useQuery({
    queryKey: workKeys.projectPage(search, page),
    queryFn: () => fetchAdminProjectPage(search, page),
    placeholderData: keepPreviousData,
  });
}

/** The project opened for editing, read anew by id with every column the form needs. */
export async function fetchAdminProject(id: string): Promise<AdminProject> {
  const supabase = await getSupabase();
  return foundRow(await supabase.from('projects').select(PROJECT_COLUMNS).eq('id', id).maybeSingle());
}

/** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
export function useAdminProject(id: string) {
  return useQuery({ queryKey: workKeys.project(id), queryFn: () => fetchAdminProject(id), ...RECORD_QUERY });
}

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

/**
 * Insert, or update by id with updated_at (the trigger replaces it). An update is
 * guarded by the version the form loaded (see ../concurrency). Resolves to the new version.
 */
export async function saveProject({ id, expectedUpdatedAt, payload }: { id?: string; expectedUpdatedAt?: string; payload: ProjectPayload }): Promise<SavedVersion> {
  const supabase = await getSupabase();
  if (id) {
    if (!expectedUpdatedAt) throw new Error('saveProject: an update needs the loaded updated_at');
    try {
      return await guardedUpdate(supabase, 'projects', id, { ...payload, updated_at: new Date().toISOString() }, expectedUpdatedAt);
    } catch (error) {
      throw projectSaveError(error);
    }
  }
  const { data, error } = await supabase.from('projects').insert(payload).select('id, updated_at');
  if (error) throw projectSaveError(error);
  return changedRows(data)[0];
}

/** Deletes a project if it is still the version `expectedUpdatedAt` (EditConflictError otherwise). */
export async function deleteProject({ id, expectedUpdatedAt }: { id: string; expectedUpdatedAt: string }): Promise<void> {
  const supabase = await getSupabase();
  await guardedDelete(supabase, 'projects', id, expectedUpdatedAt);
}

function useInvalidateWork() {
  const queryClient = useQueryClient();
  return () => {
    // the list's pages (the one shown refetches); the form's copy is read anew whenever it opens
    void queryClient.invalidateQueries({ queryKey: workKeys.projectPages() });
    void queryClient.invalidateQueries({ queryKey: workKeys.categories });
    // the landing portfolio (['landing', 'projects'], ['landing', 'project-categories']) and the
    // public project pages (['projects', 'detail', slug])
    invalidatePublic(queryClient, 'project');
  };
}

export function useSaveProject() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: saveProject, onSuccess: invalidate });
}

export function useDeleteProject() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: deleteProject, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

// ---- Categories -------------------------------------------------------------------------------

export async function fetchCategories(): Promise<ProjectCategory[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('project_categories').select('id, name, updated_at').order('name');
  if (error) throw error;
  return data ?? [];
}

export function useProjectCategories() {
  return useQuery({ queryKey: workKeys.categories, queryFn: fetchCategories });
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
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: addCategory, onSuccess: invalidate });
}

export function useRenameCategory() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: renameCategory, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateWork();
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
