// Which static files a database change touches. The input is a database webhook's payload
// ({ type, table, schema, record, old_record }, see supabase/migrations/*_content_webhook.sql);
// the answer names addresses only. What those pages then show is read from the database when they
// are rendered, so a late or repeated event can never write stale content: it only decides where
// to look.

const TYPES = new Set(['INSERT', 'UPDATE', 'DELETE']);

/**
 * @typedef {{ post: (slug: string) => string, project: (p: { id: string, slug?: string | null }) => string, privacyNotice?: string }} Paths
 * @typedef {{ pages: Set<string>, categories: Set<string>, lists: boolean, landing: boolean, feeds: boolean }} Targets
 */

/** @returns {Targets} */
export function emptyTargets() {
  return { pages: new Set(), categories: new Set(), lists: false, landing: false, feeds: false };
}

/** A webhook payload this site understands, or null. */
export function parseEvent(value) {
  if (!value || typeof value !== 'object') return null;
  const { type, table, schema, record, old_record: oldRecord } = value;
  if (!TYPES.has(type) || typeof table !== 'string' || (schema !== undefined && schema !== 'public')) return null;
  const row = (r) => (r && typeof r === 'object' && !Array.isArray(r) ? r : null);
  return { type, table, record: row(record), oldRecord: row(oldRecord) };
}

/**
 * Adds to `targets` what one change touches:
 * - a post: its page before and after (a renamed slug leaves its old address), the blog's first
 *   page, the first page of its category before and after, the feeds;
 * - a project: its page before and after, the landing page (its work section), the sitemap;
 * - a client or a project category: the landing page (project pages show a category's name, and a
 *   rename reaches them as changes of each project, through the foreign key's cascade);
 * - the privacy notice's facts, a new version of its text, or a retention period: the privacy
 *   notice's page (/poveritelnost), which prints all three.
 * Anything else touches nothing.
 * @param {Targets} targets
 * @param {ReturnType<typeof parseEvent>} event
 * @param {Paths} paths
 */
export function addTargets(targets, event, paths) {
  if (!event) return targets;
  const rows = [event.record, event.oldRecord].filter(Boolean);
  switch (event.table) {
    case 'blog_posts':
      for (const r of rows) {
        if (typeof r.slug === 'string' && r.slug) targets.pages.add(paths.post(r.slug));
        if (typeof r.category === 'string' && r.category.trim()) targets.categories.add(r.category);
      }
      targets.lists = true;
      targets.feeds = true;
      break;
    case 'projects':
      for (const r of rows) {
        if (typeof r.id === 'string' && r.id) targets.pages.add(paths.project({ id: r.id, slug: typeof r.slug === 'string' ? r.slug : null }));
      }
      targets.landing = true;
      targets.feeds = true;
      break;
    case 'clients':
    case 'project_categories':
      targets.landing = true;
      break;
    case 'privacy_settings':
    case 'privacy_notices':
    case 'retention_settings':
      if (paths.privacyNotice) targets.pages.add(paths.privacyNotice);
      break;
    default:
      break;
  }
  return targets;
}

/** Merges `more` into `into`. */
export function mergeTargets(into, more) {
  for (const p of more.pages) into.pages.add(p);
  for (const c of more.categories) into.categories.add(c);
  into.lists ||= more.lists;
  into.landing ||= more.landing;
  into.feeds ||= more.feeds;
  return into;
}

export const isEmpty = (t) => t.pages.size === 0 && !t.lists && !t.landing && !t.feeds;
