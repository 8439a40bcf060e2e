import type { Tables } from '@/shared/db/database.types';
import { defineRecordType } from '@/admin/kit/records/record-type';
import { recordWords } from '@/admin/kit/records/record-words';

/*
 * Customer logos (the table `clients`): the landing page's carousel. Everything the tab reads and
 * writes comes from this declaration (kit/records/record-type.ts).
 */

/** A customer logo as its card and form show it (the whole row is small: a name, a logo URL and its alt text). */
export type AdminClient = Pick<Tables<'clients'>, 'id' | 'name' | 'logo' | 'logo_alt' | 'created_at' | 'updated_at'>;

/** What the logo form writes. */
export type ClientInput = Pick<AdminClient, 'name' | 'logo' | 'logo_alt'>;

export const clientRecords = defineRecordType<AdminClient, AdminClient, ClientInput>({
  name: 'clients',
  table: 'clients',
  // the card shows all a logo has: the form reads the same columns
  listColumns: 'id, name, logo, logo_alt, created_at, updated_at',
  searchColumns: ['name'],
  toRow: (input) => ({ name: input.name.trim(), logo: input.logo.trim(), logo_alt: input.logo_alt.trim() }),
  stampUpdates: true,
  // the landing carousel (['landing', 'clients'])
  alsoStale: { publicWords: ['clients'] },
  text: recordWords({
    one: 'клиент',
    theOne: 'клиента',
    theOneSubject: 'Клиентът',
    many: 'клиенти',
    theMany: 'клиентите',
    gender: 'masculine',
    title: 'Клиенти',
    searchHint: 'Име на клиента',
    empty: 'Все още няма добавени клиенти.',
    logDelete: '[admin] deleting a client failed',
  }),
});
