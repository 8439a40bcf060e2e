import { slugifyProject } from '@/admin/kit/forms/slug';
import { projectFormText } from './project-record';

/*
 * The rules of the project editor's single fields, free of React and of the schema: the web
 * addresses (https:// assumed), the slug, the team size and the technologies typed as chips.
 */

// ---- URLs -------------------------------------------------------------------------------------

/** True when the value already starts with 'http' (http:// or https://, any case). */
const HAS_HTTP_PREFIX = /^http/i;

/**
 * The value as a URL: trimmed, and 'https://' put in front when it does not start with 'http'
 * (tidied when the field is left). An empty value stays empty.
 *   'example.com' → 'https://example.com';  'http://x.bg' → 'http://x.bg'
 */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return HAS_HTTP_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * True for an http(s) URL with a real host: no spaces, a scheme of http or https, no user name or
 * password, and a host name with a dot (or 'localhost'). 'https://' is assumed when absent.
 */
export function isValidUrl(value: string): boolean {
  const normalized = normalizeUrl(value);
  if (!normalized || /\s/.test(normalized)) return false;
  if (!/^https?:\/\//i.test(normalized)) return false;
  let url: URL;
  try {
    url = new URL(normalized);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // 'user:password@host' is almost always a typo (e.g. 'mailto:a@b.bg' with https:// assumed)
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (host === 'localhost') return true;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return false;
  return true;
}

/** The URL message for a non-empty invalid value; null for an empty or valid one. */
export function urlError(value: string): string | null {
  if (!value.trim()) return null;
  return isValidUrl(value) ? null : projectFormText.invalidUrl;
}

// ---- Slug -------------------------------------------------------------------------------------

/** What the database accepts as a project slug. */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9_]+(-[a-z0-9_]+)*$/;

/** A slug generated from the title by the project rule (slugifyProject). */
export function projectSlugFromTitle(title: string): string {
  return slugifyProject(title);
}

/** The slug to save: the given one (trimmed), else one generated from the title, else null. */
export function slugFor(values: { slug: string; title: string }): string | null {
  const given = values.slug.trim();
  if (given) return given;
  return projectSlugFromTitle(values.title) || null;
}

/** The slug field's problem, or null (an empty field is fine: the slug is then generated). */
export function slugProblem(slug: string): string | null {
  const given = slug.trim();
  if (!given) return null;
  return PROJECT_SLUG_PATTERN.test(given) ? null : projectFormText.slugInvalid;
}

// ---- Technologies and team size --------------------------------------------------------------

/**
 * Adds technologies typed into the chip field: split on commas, trimmed, empty ones and ones
 * already present (case-insensitive) dropped.
 */
export function addTechnologies(current: readonly string[], typed: string): string[] {
  const next = [...current];
  const seen = new Set(current.map((t) => t.toLocaleLowerCase('bg')));
  for (const part of typed.split(',')) {
    const tech = part.trim();
    if (!tech || seen.has(tech.toLocaleLowerCase('bg'))) continue;
    seen.add(tech.toLocaleLowerCase('bg'));
    next.push(tech);
  }
  return next;
}

/** '4' → 4; '' → null; anything that is not a whole number from 1 to 1000 → NaN. */
export function parseTeamSize(value: string): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return Number.NaN;
  const n = Number(trimmed);
  return n >= 1 && n <= 1000 ? n : Number.NaN;
}
