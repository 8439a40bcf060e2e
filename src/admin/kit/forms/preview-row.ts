/*
 * The row a form's preview ('Преглед') hands its public page: the columns the page shows, taken
 * from the row a save would send, and the record's identity. A record not saved yet is 'preview',
 * made now.
 */

interface Stored {
  id: string;
  created_at: string;
  updated_at: string;
}

/** `fields` of `row`, and the id and times of `record` (or of a record made `now`). */
export function previewRow<Row, K extends keyof Row>(row: Row, fields: readonly K[], record: Stored | null, now: Date): Pick<Row, K> & Stored {
  const stamp = now.toISOString();
  const shown = {} as Pick<Row, K>;
  for (const field of fields) shown[field] = row[field];
  return { ...shown, id: record?.id ?? 'preview', created_at: record?.created_at ?? stamp, updated_at: record?.updated_at ?? stamp };
}
