import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/admin/kit/session/auth-context';
import { ADMIN_QUERY_ROOT } from '../session/query-root';
import { isPermissionError } from '@/shared/db/errors';
import { storageFetch } from '@/shared/db/supabase';
import { imageAltText, isImageAltMissing } from '../media/image-alt';
import { IMAGE_BUCKET } from '../media/buckets';

/*
 * What every admin section shares: the query keys (all under ADMIN_QUERY_ROOT, 'admin', which
 * sign-out forgets; a record type's keys are recordKeys(name) of records/record-queries.ts),
 * the storage health check of the panel, and the check that a write really changed a row.
 */

export const adminKeys = {
  all: [ADMIN_QUERY_ROOT] as const,
  storage: [ADMIN_QUERY_ROOT, 'storage-check'] as const,
  /** The post form's author picker (kit/data/authors.ts). */
  authors: [ADMIN_QUERY_ROOT, 'authors'] as const,
  /** The consultant's calendar settings (the calendar tab, and the time zone of kit/data/calendar-settings.ts). */
  calendar: [ADMIN_QUERY_ROOT, 'calendar'] as const,
  /** The project categories (the categories tab, the project form's choice). */
  categories: [ADMIN_QUERY_ROOT, 'project-categories'] as const,
};

/**
 * Public pages cache the same tables under their own keys (['landing', 'clients'],
 * ['blog', ...], ['booking', 'calendar-settings']). After an admin write, every non-admin query
 * with a key segment containing one of `words` is marked stale, so the site shows the change the
 * next time that page is opened, without the admin area knowing the public features' internals.
 */
export function invalidatePublic(queryClient: QueryClient, ...words: string[]): void {
  void queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey;
      if (key[0] === 'admin') return false;
      return key.some((part) => typeof part === 'string' && words.some((w) => part.includes(w)));
    },
  });
}

/** The panel's health check: the image bucket can be listed. */
export async function checkImageStorage(): Promise<true> {
  // the first name of the bucket, as the Storage client's list('') asks (one request, no client)
  const response = await storageFetch(`object/list/${IMAGE_BUCKET}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefix: '', limit: 1, offset: 0, sortBy: { column: 'name', order: 'asc' } }),
  });
  if (response.ok) return true;
  // Storage answers { statusCode, error, message }, as the client's StorageApiError carries it
  const body = (await response.json().catch(() => null)) as { message?: unknown; statusCode?: unknown } | null;
  throw Object.assign(new Error(typeof body?.message === 'string' ? body.message : `Storage: HTTP ${response.status}`), {
    status: response.status,
    statusCode: typeof body?.statusCode === 'string' ? body.statusCode : String(response.status),
  });
}

export function useStorageCheck() {
  return useQuery({ queryKey: adminKeys.storage, queryFn: checkImageStorage, retry: false, staleTime: 5 * 60_000 });
}

/**
 * Row-level security makes an update or delete the account may not do change nothing, without an
 * error. Admin writes ask for the changed rows back and treat "none" as this error.
 */
export class NothingChangedError extends Error {
  constructor() {
    super('Промяната не беше запазена: записът не съществува или нямате права да го променяте.');
    this.name = 'NothingChangedError';
  }
}

/** Returns the rows a write gave back, or throws NothingChangedError when there are none. */
export function changedRows<T>(rows: T[] | null | undefined): T[] {
  if (!rows || rows.length === 0) throw new NothingChangedError();
  return rows;
}

/** Maps well-known database refusals to a sentence a person can act on; otherwise null. */
export function describeDbError(error: unknown): string | null {
  const like = error as { code?: unknown; message?: unknown } | null;
  const code = typeof like?.code === 'string' ? like.code : '';
  const message = typeof like?.message === 'string' ? like.message : '';
  const hint = typeof (like as { hint?: unknown } | null)?.hint === 'string' ? (like as { hint: string }).hint : '';
  if (code === '23505') {
    if (hint === 'account_exists')
      return 'За този имейл вече има акаунт за вход, който не е създаден от панела. Изберете друг имейл или премахнете този акаунт от Supabase (Authentication → Users).';
    if (message.includes('slug')) return 'Вече има запис с този адрес (slug). Изберете друг.';
    if (message.includes('email')) return 'Вече има потребител с този имейл.';
    if (message.includes('username')) return 'Вече има потребител с това потребителско име.';
    return 'Такъв запис вече съществува.';
  }
  if (code === '42501') return 'Нямате права за тази промяна. Проверете дали профилът ви е активен.';
  if (isImageAltMissing(error)) return imageAltText.required;
  return null;
}

/**
 * For mutation error handlers: when a write was refused for lack of rights (a deactivated or
 * removed account), re-check admission at once, which signs the account out if it is no longer
 * admitted.
 */
export function useRecheckOnDenied(): (error: unknown) => void {
  const { recheck } = useAuth();
  return useCallback(
    (error: unknown) => {
      if (error instanceof NothingChangedError || isPermissionError(error)) void recheck();
    },
    [recheck],
  );
}

/** The message for a failed write: a mapped refusal, else the server's message, else the fallback. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  const mapped = describeDbError(error);
  if (mapped) return mapped;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message.trim() : fallback;
}
