/* A post's tags as the form's one text field holds them; no form library (the list's publish toggle uses post-payload.ts). */

/** 'AI,  автоматизация , ,n8n' → ['AI', 'автоматизация', 'n8n']: split on commas, trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}
