import * as jsdiff from 'diff';
import { describe, expect, it } from 'vitest';
import {
  diffText,
  fieldChanges,
  loadDiff,
  REVISION_FIELDS,
  restoredRecord,
  textOf,
  withContext,
  type DiffPart,
} from '@/admin/kit/editor/revisions/diff';
import { formatDateTimeBg } from '@/shared/domain/dates';

/** The text a reader meets, with each change marked: [-removed-] and {+added+}. */
function marked(parts: DiffPart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'skipped') return `(${part.lines} skipped)\n`;
      if (part.kind === 'removed') return `[-${part.text}-]`;
      if (part.kind === 'added') return `{+${part.text}+}`;
      return part.text;
    })
    .join('');
}

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `ред ${from + i}\n`).join('');

describe('revisions: the compared fields', () => {
  it("a post's title, excerpt and content; a project's title and both descriptions", () => {
    expect(REVISION_FIELDS.blog_posts.map((f) => [f.key, f.mode])).toEqual([
      ['title', 'words'],
      ['excerpt', 'words'],
      ['content', 'lines'],
    ]);
    expect(REVISION_FIELDS.projects.map((f) => [f.key, f.mode])).toEqual([
      ['title', 'words'],
      ['description', 'words'],
      ['detailed_description', 'lines'],
    ]);
  });

  it('reads null, absent and non-text values as empty', () => {
    expect(textOf(null)).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf(3)).toBe('');
    expect(textOf('текст')).toBe('текст');
  });
});

describe('revisions: the diff of one text', () => {
  it('marks whole Bulgarian words, not letters, from the version to the current text', () => {
    const parts = diffText(jsdiff, 'words', 'Първа публикация за AI', 'Втора публикация за AI и бизнес');
    expect(marked(parts)).toBe('[-Първа-]{+Втора+} публикация за AI {+и бизнес+}');
    // every character of both texts is there, in order
    const version = parts.filter((p) => p.kind === 'same' || p.kind === 'removed').map((p) => ('text' in p ? p.text : '')).join('');
    expect(version.replace(/\s+/g, ' ').trim()).toBe('Първа публикация за AI');
  });

  it('compares a body line by line', () => {
    expect(marked(diffText(jsdiff, 'lines', '## Заглавие\nстар ред\nкрай\n', '## Заглавие\nнов ред\nкрай\n'))).toBe(
      '## Заглавие\n[-стар ред\n-]{+нов ред\n+}край\n',
    );
  });

  it('keeps two unchanged lines around a change of a long body and says how many it left out', () => {
    const before = `${lines(1, 20)}старо\n${lines(21, 40)}`;
    const after = `${lines(1, 20)}ново\n${lines(21, 40)}`;
    expect(marked(diffText(jsdiff, 'lines', before, after))).toBe(
      `(18 skipped)\nред 19\nред 20\n[-старо\n-]{+ново\n+}ред 21\nред 22\n(18 skipped)\n`,
    );
  });

  it('leaves a short unchanged run whole, and never cuts a single line', () => {
    const parts: DiffPart[] = [
      { kind: 'removed', text: 'а\n' },
      { kind: 'same', text: lines(1, 5) },
      { kind: 'added', text: 'б\n' },
    ];
    expect(withContext(parts)).toEqual(parts);
    const longer: DiffPart[] = [parts[0], { kind: 'same', text: lines(1, 6) }, parts[2]];
    expect(withContext(longer).map((p) => p.kind)).toEqual(['removed', 'same', 'skipped', 'same', 'added']);
  });

  it('a diff that gives up shows the text as replaced whole', () => {
    const givingUp = { diffWords: () => undefined, diffLines: () => undefined };
    expect(marked(diffText(givingUp, 'words', 'старо', 'ново'))).toBe('[-старо-]{+ново+}');
  });
});

describe('revisions: the changes of a version against the form', () => {
  it('says which fields are unchanged, and the changes of the others', () => {
    const version = { title: 'Заглавие', excerpt: null, content: 'а\nб\n', is_published: false };
    const current = { title: 'Заглавие', excerpt: 'Ново описание', content: 'а\nв\n', is_published: true };
    const changes = fieldChanges(jsdiff, 'blog_posts', version, current);
    expect(changes.map((c) => [c.label, c.unchanged])).toEqual([
      ['Заглавие', true],
      ['Кратко описание', false],
      ['Съдържание', false],
    ]);
    expect(changes[0].parts).toEqual([]);
    expect(marked(changes[1].parts)).toBe('{+Ново описание+}');
    expect(marked(changes[2].parts)).toBe('а\n[-б\n-]{+в\n+}');
  });

  it("compares a project's descriptions", () => {
    const changes = fieldChanges(jsdiff, 'projects', { title: 'Проект', description: 'Кратко', detailed_description: 'x' }, {
      title: 'Проект',
      description: 'Кратко',
      detailed_description: 'x',
    });
    expect(changes.map((c) => [c.key, c.unchanged])).toEqual([
      ['title', true],
      ['description', true],
      ['detailed_description', true],
    ]);
  });

  it('loads the same library lazily', async () => {
    const lib = await loadDiff();
    expect(marked(diffText(lib, 'words', 'едно две', 'едно три'))).toBe('едно [-две-]{+три+}');
  });
});

describe('revisions: the record a restore puts into the form', () => {
  const current = {
    id: 'p-1',
    title: 'Сега',
    content: 'ново',
    meta_title: 'SEO сега',
    is_published: true,
    published_at: '2026-02-10T09:00:00.000Z',
    scheduled_at: null,
    updated_at: '2026-03-01T10:00:00.000Z',
    created_at: '2026-02-09T09:00:00.000Z',
    blog_users: { full_name: 'Мария', username: 'admin' },
  };

  it("takes the version's fields and keeps the current publish state and identity", () => {
    const version = {
      id: 'p-1',
      title: 'Тогава',
      content: 'старо',
      is_published: false,
      published_at: null,
      scheduled_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-01T10:00:00.000Z',
      created_at: '2026-02-09T09:00:00.000Z',
    };
    expect(restoredRecord(current, version)).toEqual({
      ...current,
      title: 'Тогава',
      content: 'старо',
    });
  });

  it('a key the version lacks (a column added after it was saved) keeps its current value', () => {
    expect(restoredRecord(current, { title: 'Тогава' })).toMatchObject({ title: 'Тогава', meta_title: 'SEO сега', content: 'ново' });
  });

  it('a publish key the current record was not read with is not taken from the version', () => {
    const { scheduled_at: _left, ...withoutSchedule } = current;
    expect(restoredRecord(withoutSchedule, { scheduled_at: '2026-01-01T10:00:00.000Z' })).not.toHaveProperty('scheduled_at');
  });
});

describe('revisions: when a version was saved', () => {
  it('Bulgarian date and 24-hour time', () => {
    const at = new Date(2026, 10, 22, 14, 5).toISOString();
    expect(formatDateTimeBg(at)).toBe('22 ноември 2026 г., 14:05');
    expect(formatDateTimeBg('')).toBe('');
  });
});
