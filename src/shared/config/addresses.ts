import { site } from './site';

/*
 * The public addresses of the site's pages, written once. The site links with them, the admin
 * shows them beside a slug and in its search preview, and the server bundle
 * (src/site/entry-server.tsx) exports them, so the publisher (scripts/publisher/) writes each
 * page's file, its sitemap entry and its feed item under the very address the site links to.
 * The route table (src/site/routes.tsx) holds the patterns these fill in.
 *
 * One rule for all of them: the part that comes from data (a slug, a category's name, an id, a
 * token) is one path segment, percent-encoded with encodeURIComponent, and taken exactly as
 * stored, not trimmed: the page looks its record up by that exact value. The database accepts
 * only [a-z0-9_-] in post and project slugs, so their addresses read as typed; a category's name
 * is free text ('AI Решения' → /blog/category/AI%20%D0%A0%D0%B5%D1%88%D0%B5%D0%BD%D0%B8%D1%8F),
 * and even a '/' in it stays inside its one segment (%2F).
 */

const segment = (value: string) => encodeURIComponent(value);

/** A blog post: /blog/<slug>. */
export const postPath = (slug: string) => `/blog/${segment(slug)}`;

/** Page 1 of a blog category: /blog/category/<name> (its further pages are blogListPath's, src/site/pages/blog/logic.ts). */
export const categoryPath = (name: string) => `/blog/category/${segment(name)}`;

/**
 * A portfolio project: /project/<slug>, or /project/<id> for a project without one (the slug
 * column may be null; an empty or blank slug counts as none). The project page opens either.
 */
export function projectPath(project: { id: string; slug?: string | null }): string {
  const slug = project.slug;
  return `/project/${segment(slug && slug.trim() ? slug : project.id)}`;
}

/** A resource article (src/site/content/resources.ts): /resources/<slug>. */
export const resourcePath = (slug: string) => `/resources/${segment(slug)}`;

/**
 * The private page of a booking, the link its e-mails carry: /booking/<token>. The database
 * writes the e-mailed link itself, as site_url || '/booking/' || token (private.queue_booking_mail,
 * supabase/migrations/20261128000700_mail_without_relay.sql), and mirrors this shape: a token is
 * base64url, which encoding leaves as it is.
 */
export const bookingPath = (token: string) => `/booking/${segment(token)}`;

/**
 * The newsletter's e-mailed links (docs/newsletter.md): the confirmation's page,
 * /newsletter/confirm/<token>, and the unsubscribe page, /newsletter/unsubscribe/<token>. The
 * database writes both itself (supabase/migrations/20261128001000_newsletter.sql) and mirrors
 * these shapes.
 */
export const newsletterConfirmPath = (token: string) => `/newsletter/confirm/${segment(token)}`;
export const newsletterUnsubscribePath = (token: string) => `/newsletter/unsubscribe/${segment(token)}`;

/**
 * A path's absolute address on the public origin (site.url by default): 'https://sinaptika.example/blog/a'.
 * A trailing slash of the origin and a missing leading slash of the path are made right.
 */
export function publicUrl(path: string, origin: string = site.url): string {
  return `${origin.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The privacy notice ('Политика за поверителност'), prerendered from the database's current version (issue 50). */
export const PRIVACY_NOTICE_PATH = '/poveritelnost';

/** The page where a person asks for a copy or the erasure of their data ('Вашите лични данни'). */
export const DATA_REQUEST_PATH = '/lichni-danni';

/**
 * A data request's e-mailed link: /lichni-danni/potvardi/<token>. It opens a page whose button
 * (a POST) confirms the request; the database writes the link itself and mirrors this shape.
 */
export const dataRequestConfirmPath = (token: string) => `${DATA_REQUEST_PATH}/potvardi/${segment(token)}`;
