import { describe, expect, it } from 'vitest';
import { renderTypes, type Catalog } from '../../supabase/local/gen-types.ts';

// A small catalog as PostgreSQL describes it (the oids are pg_catalog's own).
const T = { text: 25, int4: 23, int8: 20, bool: 16, jsonb: 3802, uuid: 2950, timestamptz: 1184, _text: 1009, void: 2278 };
const base = (oid: number, name: string, category = 'S') => ({ oid, name, schema: 'pg_catalog', kind: 'b', category, elem: 0, base: 0, relid: 0 });

const catalog: Catalog = {
  types: [
    base(T.text, 'text'),
    base(T.int4, 'int4', 'N'),
    base(T.int8, 'int8', 'N'),
    base(T.bool, 'bool', 'B'),
    base(T.jsonb, 'jsonb', 'U'),
    base(T.uuid, 'uuid', 'U'),
    base(T.timestamptz, 'timestamptz', 'D'),
    { ...base(T._text, '_text', 'A'), elem: T.text },
    { ...base(T.void, 'void', 'P'), kind: 'p' },
    { oid: 90001, name: 'mood', schema: 'public', kind: 'e', category: 'E', elem: 0, base: 0, relid: 0 },
    { oid: 90002, name: 'notes', schema: 'public', kind: 'c', category: 'C', elem: 0, base: 0, relid: 90003 },
  ],
  relations: [
    { name: 'authors', kind: 'r', insertable: true },
    { name: 'notes', kind: 'r', insertable: true },
    { name: 'note_titles', kind: 'v', insertable: false },
  ],
  columns: [
    { rel: 'authors', name: 'id', type: T.uuid, nullable: false, hasDefault: true, generated: false, identityAlways: false },
    { rel: 'notes', name: 'author_id', type: T.uuid, nullable: true, hasDefault: false, generated: false, identityAlways: false },
    { rel: 'notes', name: 'body', type: T.text, nullable: false, hasDefault: false, generated: false, identityAlways: false },
    { rel: 'notes', name: 'extra', type: T.jsonb, nullable: false, hasDefault: true, generated: false, identityAlways: false },
    { rel: 'notes', name: 'id', type: T.int8, nullable: false, hasDefault: true, generated: false, identityAlways: true },
    { rel: 'notes', name: 'mood', type: 90001, nullable: false, hasDefault: false, generated: false, identityAlways: false },
    { rel: 'notes', name: 'tags', type: T._text, nullable: false, hasDefault: true, generated: false, identityAlways: false },
    { rel: 'notes', name: 'words', type: T.int4, nullable: true, hasDefault: false, generated: true, identityAlways: false },
    { rel: 'note_titles', name: 'body', type: T.text, nullable: false, hasDefault: false, generated: false, identityAlways: false },
  ],
  foreignKeys: [{ name: 'notes_author_id_fkey', rel: 'notes', columns: ['author_id'], target: 'authors', targetColumns: ['id'], oneToOne: false }],
  functions: [
    { name: 'count_notes', args: [{ name: 'since', type: T.timestamptz }, { name: 'max', type: T.int4 }], defaults: 1, out: [], returns: T.int8, setof: false },
    { name: 'recent', args: [], defaults: 0, out: [], returns: 90002, setof: true },
    { name: 'tally', args: [], defaults: 0, out: [{ name: 'mood', type: 90001 }, { name: 'n', type: T.int8 }], returns: 2249, setof: true },
    { name: 'touch', args: [{ name: 'id', type: T.int8 }], defaults: 0, out: [], returns: T.void, setof: false },
  ],
  enums: [{ name: 'mood', labels: ['calm', 'busy'] }],
};

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('the generated database types', () => {
  const out = squash(renderTypes(catalog));

  it('rows carry every column with its nullability; writes leave out what the database fills', () => {
    expect(out).toContain('notes: { Row: { author_id: string | null body: string extra: Json id: number mood: Database["public"]["Enums"]["mood"] tags: string[] words: number | null }');
    expect(out).toContain('Insert: { author_id?: string | null body: string extra?: Json id?: never mood: Database["public"]["Enums"]["mood"] tags?: string[] words?: never }');
    expect(out).toContain('Update: { author_id?: string | null body?: string extra?: Json id?: never mood?: Database["public"]["Enums"]["mood"] tags?: string[] words?: never }');
  });

  it('foreign keys become relationships, so embedded selects are typed', () => {
    expect(out).toContain(
      'Relationships: [ { foreignKeyName: "notes_author_id_fkey" columns: ["author_id"] isOneToOne: false referencedRelation: "authors" referencedColumns: ["id"] }, ]',
    );
  });

  it('views are read-only rows whose columns may be null', () => {
    expect(out).toContain('Views: { note_titles: { Row: { body: string | null } Relationships: [] } }');
  });

  it('functions: optional defaults, tables returned as rows, void as undefined', () => {
    expect(out).toContain('count_notes: { Args: { since: string max?: number } Returns: number }');
    expect(out).toContain('recent: { Args: never Returns: { author_id: string | null');
    expect(out).toContain('SetofOptions: { from: "*" to: "notes" isOneToOne: false isSetofReturn: true }');
    expect(out).toContain('tally: { Args: never Returns: { mood: Database["public"]["Enums"]["mood"] n: number }[] }');
    expect(out).toContain('touch: { Args: { id: number } Returns: undefined }');
    expect(out).toContain('Enums: { mood: "calm" | "busy" }');
  });

  it('is the same text for the same schema (the staleness check compares it byte for byte)', () => {
    expect(renderTypes(catalog)).toBe(renderTypes(structuredClone(catalog)));
    const changed = structuredClone(catalog);
    changed.columns[2].nullable = true;
    expect(renderTypes(changed)).not.toBe(renderTypes(catalog));
  });
});
