/*
 * Slug helpers: a post's and a project's slug from its title.
 *
 * Improvement over the original system, on purpose: titles are Bulgarian, and the original rules
 * strip every "non-word" character, where \w only matches Latin letters, digits and '_'. A title
 * such as 'Как AI променя бизнеса' therefore became '-ai-' and a fully Cyrillic title an empty slug.
 * Both helpers first transliterate Cyrillic to Latin with the official Bulgarian streamlined system
 * (Закон за транслитерацията, 2009), fold Latin accents (é → e), then apply the original rules,
 * and finally drop leading/trailing hyphens.
 */

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u',
  ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sht', ъ: 'a', ь: 'y', ю: 'yu', я: 'ya',
  // Letters of other Cyrillic alphabets that turn up in names, so they are not silently dropped.
  ё: 'yo', ы: 'y', э: 'e', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ј: 'j', љ: 'lj', њ: 'nj',
  ђ: 'dj', ћ: 'c', џ: 'dz', ѝ: 'i',
};

/**
 * Transliterates Cyrillic text to Latin (Bulgarian streamlined system) and lower-cases it.
 * The law's one exception is applied: a word-final 'ия' becomes 'ia' (история → istoria).
 */
export function transliterateBg(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  const withEndings = lower.replace(/ия(?![\p{L}\p{N}])/gu, 'ia');
  let out = '';
  for (const ch of withEndings) out += CYRILLIC_TO_LATIN[ch] ?? ch;
  // Fold accents: 'café' → 'cafe'. Done after transliteration because NFD would split 'й'.
  return out.normalize('NFD').replace(/\p{M}+/gu, '');
}

const trimHyphens = (s: string) => s.replace(/^-+|-+$/g, '');

/**
 * Blog post slug. Original rule: lower-case, trim, spaces → hyphens, '&' → '-and-', strip non-word
 * characters, collapse repeated hyphens. Plus transliteration and edge-hyphen trimming (see above).
 *   'AI & Automation' → 'ai-and-automation';  'Как AI променя бизнеса' → 'kak-ai-promenya-biznesa'
 */
export function slugifyPost(title: string): string {
  return trimHyphens(
    transliterateBg(title)
      .trim()
      .replace(/\s+/g, '-')
      .replace(/&/g, '-and-')
      .replace(/[^\w-]+/g, '')
      .replace(/-{2,}/g, '-'),
  );
}

/**
 * Project slug. Original rule: lower-case, remove characters other than word characters, spaces
 * and hyphens, whitespace runs → one hyphen, trim. Unlike the post rule it keeps '&' out (removed,
 * not spelled) and does not collapse hyphens that were already in the title. Plus transliteration
 * and edge-hyphen trimming (see above).
 *   'CRM за брокери' → 'crm-za-brokeri'
 */
export function slugifyProject(title: string): string {
  return trimHyphens(
    transliterateBg(title)
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      // a title's own hyphens next to a space ('a - b') would give 'a---b', which the database's
      // slug check refuses: runs of hyphens become one
      .replace(/-{2,}/g, '-'),
  );
}
