import { searchFilter } from '@/admin/kit/data/search';

/** Columns the inbox search looks in. */
export const INQUIRY_SEARCH_COLUMNS = ['name', 'company', 'email', 'message'] as const;

/** The inquiry search as the argument of `.or()`, or null for no search (see ../kit/data/search.ts). */
export function inquirySearchFilter(text: string): string | null {
  return searchFilter(text, INQUIRY_SEARCH_COLUMNS);
}
