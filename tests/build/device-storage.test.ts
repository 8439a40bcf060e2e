// Nothing on the visitor's device before consent (issue 50, docs/privacy.md "On the visitor's
// device"): in the public site's code, only the consent modules touch the browser's storage, and
// only the public drafts module reaches the shared one that writes it. A new call elsewhere fails
// here, naming its file, before a visitor's browser holds something nobody agreed to.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const STORAGE = /\b(localStorage|sessionStorage|indexedDB|cookieStore)\b|document\.cookie/;
const SHARED_WRITERS = /from '@\/shared\/(forms\/drafts|preview\/preview-store)'/;

/** The files allowed to, and why. */
const ALLOWED_STORAGE = new Map([
  ['src/site/runtime/consent.ts', 'the choice itself, and the removal of what was kept with consent'],
]);
const ALLOWED_SHARED = new Map([
  ['src/site/runtime/drafts.ts', 'keeps a draft in storage with consent only'],
  // the admin's own preview of a post, read (never written) on a page only signed-in staff open
  ['src/site/pages/preview/PreviewPage.tsx', 'reads the admin’s preview'],
]);

/** The admin's session key (a read, never a write): only the measurement looks, to leave staff out. */
const SESSION_KEY = /from '@\/shared\/db\/session-key'/;
const ALLOWED_SESSION_KEY = new Map([['src/site/runtime/insights.ts', 'reads whether staff are signed in, to leave them uncounted']]);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

/** Code without its comments, so a comment may name what the code may not do. */
const code = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

const PUBLIC = [...filesUnder('src/site'), 'src/main.tsx'];

describe("the public site and the visitor's storage", () => {
  it('is touched only by the consent modules', () => {
    expect(PUBLIC.length).toBeGreaterThan(50);
    expect(PUBLIC.filter((file) => STORAGE.test(code(file)) && !ALLOWED_STORAGE.has(file))).toEqual([]);
  });

  it("reaches the shared modules that write it only through the public drafts' gate", () => {
    expect(PUBLIC.filter((file) => SHARED_WRITERS.test(code(file)) && !ALLOWED_SHARED.has(file))).toEqual([]);
  });

  it("looks at the admin's session key only in the measurement, which only reads it", () => {
    expect(PUBLIC.filter((file) => SESSION_KEY.test(code(file)) && !ALLOWED_SESSION_KEY.has(file))).toEqual([]);
    expect(code('src/site/runtime/insights.ts')).toMatch(SESSION_KEY);
    expect(code('src/shared/db/session-key.ts')).not.toMatch(/setItem|removeItem|clear\(/);
  });

  it('would catch a slip (not vacuous)', () => {
    expect(STORAGE.test("window.localStorage.setItem('x', '1')")).toBe(true);
    expect(STORAGE.test('document.cookie = "a=b"')).toBe(true);
    expect(SHARED_WRITERS.test("import { saveDraft } from '@/shared/forms/drafts';")).toBe(true);
    expect(code('src/site/runtime/consent.ts')).toMatch(STORAGE);
  });
});
