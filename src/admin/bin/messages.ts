/*
 * The bin's words: its list, its questions and toasts, and what a refused restore means to the
 * person who pressed 'Възстанови'.
 */
import { codeOf, hintOf } from '@/shared/db/errors';
import { describeDbError, NothingChangedError, writeErrorMessage } from '@/admin/kit/data/api';
import type { BinItem } from './api';
import { BIN_DAYS, BIN_KIND_WORDS } from '../kit/records/bin-kinds';

export const binListText = {
  loading: 'Зареждане на кошчето...',
  loadFailed: 'Неуспешно зареждане на кошчето.',
  empty: 'Кошчето е празно.',
  noMatch: 'В кошчето няма записи, които отговарят на търсенето.',
  total: 'Общо в кошчето',
  found: 'Намерени в кошчето',
  pages: 'Страници на кошчето',
  clear: 'Изчисти търсенето',
} as const;

export const binText = {
  title: 'Кошче',
  intro: `Изтритите публикации, проекти, клиенти и потребители остават тук ${BIN_DAYS} дни. След това се изтриват завинаги.`,
  restored: 'Възстановено',
  restoreFailed: 'Неуспешно възстановяване',
  restoreFallback: 'Записът не беше възстановен.',
  purged: 'Изтрито завинаги',
  purgeFailed: 'Неуспешно изтриване',
  purgeFallback: 'Записът не беше изтрит.',
  purgeTitle: 'Изтриване завинаги',
  purgeConfirm: 'Изтрий завинаги',
  missing: 'Записът вече не е в кошчето: някой друг го е възстановил или изтрил завинаги.',
  deletedByUnknown: 'извън панела',
} as const;

/** '„Първа публикация“', the item's name as the sentences quote it. */
export const quoted = (label: string) => `„${label}“`;

/** The question before a delete for good. */
export function purgeQuestion(item: BinItem): string {
  const words = BIN_KIND_WORDS[item.table_name];
  return `Изтриване завинаги? ${words.name} ${quoted(item.label)} няма да може да бъде ${words.restored}.`;
}

/** The restore's toast: what came back and where to find it. */
export function restoredDescription(item: BinItem): string {
  const words = BIN_KIND_WORDS[item.table_name];
  const where = `${words.name} ${quoted(item.label)} е отново в списъка „${words.list}“.`;
  return item.table_name === 'blog_users' ? `${where} Влиза с новата парола.` : where;
}

export function purgedDescription(item: BinItem): string {
  return `${BIN_KIND_WORDS[item.table_name].name} ${quoted(item.label)} е изтрит${item.table_name === 'blog_posts' ? 'а' : ''} завинаги.`;
}

function textOf(error: unknown, field: 'message' | 'details'): string {
  const value = (error as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : '';
}

/** Why restore_from_bin refused `item`, in words that say what to do. */
export function restoreErrorMessage(error: unknown, item: BinItem): string {
  const code = codeOf(error);
  const hint = hintOf(error);
  const message = textOf(error, 'message');
  const name = quoted(item.label);
  if (code === 'P0002' && hint === 'bin_item_missing') return binText.missing;
  if (code === '23502' && hint === 'bin_user_password') return 'Възстановеният потребител има нужда от нова парола (поне 8 символа).';
  if (code === '23505') {
    // an account made outside the panel has the address: describeDbError says what to do about it
    if (hint === 'account_exists') return describeDbError(error) ?? binText.restoreFallback;
    if (message.includes('slug'))
      return `Адресът (slug) на ${name} вече се използва от друг запис. Сменете адреса на другия запис и опитайте пак.`;
    if (message.includes('username'))
      return `Потребителското име ${name} вече е заето от друг потребител. Сменете неговото име и опитайте пак.`;
    if (message.includes('email')) return `Имейлът на ${name} вече се използва от друг потребител. Сменете неговия имейл и опитайте пак.`;
    return `${name} вече съществува. Може би току-що е възстановен.`;
  }
  if (code === '23503' && item.table_name === 'projects') {
    // PostgREST passes Postgres' detail: Key (category)=(AI) is not present in table "project_categories".
    const category = /\(category\)=\((.*)\)/.exec(textOf(error, 'details'))?.[1];
    const which = category ? ` (${quoted(category)})` : '';
    return `Категорията на проекта${which} вече не съществува. Създайте я отново и опитайте пак.`;
  }
  return writeErrorMessage(error, binText.restoreFallback);
}

/** Why a delete for good did not happen. */
export function purgeErrorMessage(error: unknown): string {
  // the delete changed no row: the item is gone already, or rights are missing (re-checked apart)
  if (error instanceof NothingChangedError) return binText.missing;
  return writeErrorMessage(error, binText.purgeFallback);
}
