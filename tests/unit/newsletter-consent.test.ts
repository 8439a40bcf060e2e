// The wording the footer's box shows is the wording the database records as consented to, under
// the same version: a change to one without the other would make the proof of consent untrue.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_WORDING_VERSION, newsletterWordingText } from '@/site/dialogs/newsletter/consent';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

/** Every (version, wording) the migrations insert into private.newsletter_wordings. */
function storedWordings(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(MIGRATIONS).sort()) {
    const text = readFileSync(join(MIGRATIONS, file), 'utf8');
    for (const insert of text.matchAll(/insert into private\.newsletter_wordings \(version, wording\) values\s+([\s\S]*?\));\s*$/gm)) {
      for (const row of insert[1].matchAll(/\('((?:[^']|'')*)',\s*'((?:[^']|'')*)'\)/g)) {
        found.set(row[1].replace(/''/g, "'"), row[2].replace(/''/g, "'"));
      }
    }
  }
  return found;
}

describe('the newsletter consent wording', () => {
  it('is stored by the database under the version the box sends, word for word', () => {
    const stored = storedWordings();
    expect(stored.size).toBeGreaterThan(0);
    expect(stored.get(NEWSLETTER_WORDING_VERSION)).toBe(newsletterWordingText());
  });

  it('is the newest version the database knows (a new wording is a new version)', () => {
    const versions = [...storedWordings().keys()].sort();
    expect(versions.at(-1)).toBe(NEWSLETTER_WORDING_VERSION);
  });
});
