/*
 * The search of every admin list (inbox, posts, projects, clients, users) as a PostgREST
 * or=(...) filter. The typed text is escaped twice: for LIKE (so % and _ are literal; PostgREST
 * turns every * into %, so a typed * becomes the one-character wildcard _) and then as a
 * double-quoted PostgREST value (so commas, parentheses, dots and quotes cannot change the
 * filter's structure).
 */

export const SEARCH_MAX_LENGTH = 100;

/** Trims, collapses inner whitespace and caps the length; '' means no search. */
export function normaliseSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH);
}

/** Text matched literally by LIKE/ILIKE (backslash is Postgres' default escape character). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/\*/g, '_');
}

/** A value wrapped in PostgREST's double quotes, with backslash and quote escaped. */
export function quotePostgrestValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/**
 * The argument of `.or()` for a case-insensitive "contains" over the columns, or null when the
 * text is empty: `name.ilike."*иван*",company.ilike."*иван*",...`.
 */
export function searchFilter(text: string, columns: readonly string[]): string | null {
  const term = normaliseSearch(text);
  if (!term) return null;
  const pattern = quotePostgrestValue(`*${likeLiteral(term)}*`);
  return columns.map((column) => `${column}.ilike.${pattern}`).join(',');
}
