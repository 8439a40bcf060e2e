/*
 * A stored record as an edit form holds it: the form's text fields are strings, and a column
 * the database keeps as null is an empty field.
 */

/** The keys of `R` whose columns hold text (or null). */
export type TextKeys<R> = { [K in keyof R]-?: R[K] extends string | null | undefined ? K : never }[keyof R];

/** The text fields `keys` of `record`, null as ''. */
export function textValues<R, K extends TextKeys<R>>(record: R, keys: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) values[key] = (record[key] as string | null | undefined) ?? '';
  return values;
}

/** The text fields `keys` of a new record's form: all empty. */
export function emptyTexts<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;
}
