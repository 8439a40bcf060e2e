/*
 * What a version's diff shows, free of React and of the diff library itself: which text fields
 * are compared, and the word or line changes of each between a stored version and the form's
 * current values. The library (`diff`, jsdiff) is passed in: the panel loads it by a dynamic
 * import only when a version is opened (loadDiff), so it never comes with the admin's first load.
 */
import type { Change, DiffLinesOptionsAbortable, DiffWordsOptionsAbortable } from 'diff';

/** The tables whose saves keep versions (public.content_revisions.table_name). */
export type RevisionTable = 'blog_posts' | 'projects';

/** A compared field: its column (also the form value's name), its label and how it is split. */
export interface RevisionField {
  key: string;
  label: string;
  /** Words for a line of text, lines for a long (Markdown) body. */
  mode: 'words' | 'lines';
}

/** The texts a person recognises a version by; the other fields come back with a restore too. */
export const REVISION_FIELDS: Record<RevisionTable, readonly RevisionField[]> = {
  blog_posts: [
    { key: 'title', label: 'Заглавие', mode: 'words' },
    { key: 'excerpt', label: 'Кратко описание', mode: 'words' },
    { key: 'content', label: 'Съдържание', mode: 'lines' },
  ],
  projects: [
    { key: 'title', label: 'Заглавие', mode: 'words' },
    { key: 'description', label: 'Кратко описание', mode: 'words' },
    { key: 'detailed_description', label: 'Подробно описание', mode: 'lines' },
  ],
};

/** The part of jsdiff the helpers use (the module a dynamic import gives satisfies it). */
export interface DiffLibrary {
  diffWords: (before: string, after: string, options: DiffWordsOptionsAbortable) => Change[] | undefined;
  diffLines: (before: string, after: string, options: DiffLinesOptionsAbortable) => Change[] | undefined;
}

/** Loads jsdiff on demand: a chunk of its own, fetched when the first version is opened. */
export function loadDiff(): Promise<DiffLibrary> {
  return import('diff');
}

/**
 * One run of a field's diff. 'removed': in the version, no longer in the current text; 'added':
 * in the current text, not in the version; 'skipped': that many unchanged lines left out.
 */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'skipped'; lines: number };

export interface FieldChange {
  key: string;
  label: string;
  mode: RevisionField['mode'];
  /** The version and the current value hold the same text. */
  unchanged: boolean;
  parts: DiffPart[];
}

/** A stored or typed value as text: null and absent are empty, a non-string is left out. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Unchanged lines kept on each side of a change in a line diff; longer unchanged runs are cut. */
export const CONTEXT_LINES = 2;

/** A diff that takes longer than this (very long, very different texts) shows as replaced whole. */
const DIFF_TIMEOUT_MS = 1000;

// Cyrillic is not a "word" character to jsdiff's own tokenizer, which would split Bulgarian into
// single letters; a Bulgarian word segmenter keeps words whole where the engine has one.
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('bg', { granularity: 'word' }) : undefined;

function partsOf(changes: Change[]): DiffPart[] {
  return changes
    .filter((change) => change.value !== '')
    .map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }));
}

/** The lines of a text, each with its line break (the last one may have none). */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Cuts the long unchanged runs of a line diff down to CONTEXT_LINES around each change, so a
 * small edit of a long article shows as a few lines; a cut says how many lines it left out.
 */
export function withContext(parts: DiffPart[], context = CONTEXT_LINES): DiffPart[] {
  const out: DiffPart[] = [];
  parts.forEach((part, index) => {
    if (part.kind !== 'same') {
      out.push(part);
      return;
    }
    const lines = linesOf(part.text);
    const keepBefore = index > 0 ? context : 0; // after a change
    const keepAfter = index < parts.length - 1 ? context : 0; // before a change
    if (lines.length <= keepBefore + keepAfter + 1) {
      out.push(part);
      return;
    }
    if (keepBefore > 0) out.push({ kind: 'same', text: lines.slice(0, keepBefore).join('') });
    out.push({ kind: 'skipped', lines: lines.length - keepBefore - keepAfter });
    if (keepAfter > 0) out.push({ kind: 'same', text: lines.slice(lines.length - keepAfter).join('') });
  });
  return out;
}

/** The changes of one text from the version (`before`) to the current value (`after`). */
export function diffText(lib: DiffLibrary, mode: RevisionField['mode'], before: string, after: string): DiffPart[] {
  const changes =
    mode === 'lines'
      ? lib.diffLines(before, after, { timeout: DIFF_TIMEOUT_MS, ignoreNewlineAtEof: true })
      : lib.diffWords(before, after, { timeout: DIFF_TIMEOUT_MS, intlSegmenter: segmenter });
  // gave up: the whole text was replaced, as far as the reader is concerned
  const parts = changes
    ? partsOf(changes)
    : partsOf([
        { value: before, added: false, removed: true, count: 1 },
        { value: after, added: true, removed: false, count: 1 },
      ]);
  return mode === 'lines' ? withContext(parts) : parts;
}

/**
 * Each compared field of `table`: unchanged, or the changes from the stored version's record to
 * the current values (the form's, possibly unsaved), in the order the form shows them.
 */
export function fieldChanges(
  lib: DiffLibrary,
  table: RevisionTable,
  version: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
): FieldChange[] {
  return REVISION_FIELDS[table].map(({ key, label, mode }) => {
    const before = textOf(version[key]);
    const after = textOf(current[key]);
    if (before === after) return { key, label, mode, unchanged: true, parts: [] };
    return { key, label, mode, unchanged: false, parts: diffText(lib, mode, before, after) };
  });
}

/** The columns a restore never takes from a version: publishing is a state, not the text. */
export const PUBLISH_STATE_KEYS = ['is_published', 'published_at', 'scheduled_at'] as const;

/**
 * The record a restore puts into the form: the version's fields over the current record (a key the
 * version lacks, such as a column added after it was saved, keeps its current value), with the
 * current record's publish state and identity as they are now.
 */
export function restoredRecord<R extends object>(current: R, version: Readonly<Record<string, unknown>>): R {
  const merged: Record<string, unknown> = { ...current, ...version };
  const now = current as Record<string, unknown>;
  for (const key of [...PUBLISH_STATE_KEYS, 'id', 'created_at', 'updated_at', 'updated_by']) {
    if (key in now) merged[key] = now[key];
    else delete merged[key];
  }
  return merged as R;
}
