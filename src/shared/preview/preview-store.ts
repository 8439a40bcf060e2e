/*
 * The preview of a post, a project or a privacy notice's text before it is saved or published
 * ('Преглед' in the admin's forms). The form
 * writes its current values, as the row the public page renders, into this browser's localStorage
 * under a key of its own and opens the preview's address in a new tab; the preview page (a site page
 * behind the admin's sign-in, src/app/preview-routes.tsx) reads the entry and follows later writes
 * through the 'storage' event. Nothing goes to a server, so no host can cache or publish a draft.
 *
 * Here because both sides need it: the admin writes, the site page reads (the house rule lets them
 * meet only in src/shared). Every storage failure is swallowed: a preview must never break a form.
 */
import type { Tables } from '@/shared/db/database.types';
import type { Project } from '@/shared/domain/projects';
import type { PreviewKind } from './preview-paths';

export { previewPath, previewRoutes, type PreviewKind } from './preview-paths';

/** What the post page's article shows: the columns the form edits plus the dates it prints. */
export type PostPreviewData = Pick<
  Tables<'blog_posts'>,
  'id' | 'title' | 'slug' | 'excerpt' | 'featured_image' | 'featured_image_alt' | 'category' | 'author' | 'published_at' | 'created_at' | 'updated_at' | 'content' | 'tags'
>;

/** What the project page's article shows (the gallery already as items). */
export type ProjectPreviewData = Pick<
  Project,
  | 'id'
  | 'title'
  | 'slug'
  | 'category'
  | 'image'
  | 'image_alt'
  | 'link'
  | 'description'
  | 'gallery'
  | 'detailed_description'
  | 'technologies'
  | 'client'
  | 'duration'
  | 'team_size'
  | 'status'
  | 'documentation_url'
  | 'created_at'
  | 'updated_at'
>;

/** What the privacy notice's page shows of a draft: its text (the facts are the system's, read live). */
export interface PrivacyPreviewData {
  body: string;
}

export interface PreviewEntry {
  version: 1;
  kind: PreviewKind;
  /** ISO time of the last write; an entry not written for PREVIEW_MAX_AGE_MS has expired. */
  savedAt: string;
  /** The form's address, for the preview's way back (a path on this site). */
  backTo: string;
  /** PostPreviewData, ProjectPreviewData or PrivacyPreviewData; the page checks it before it renders it. */
  data: unknown;
}

export const PREVIEW_PREFIX = 'admin-preview:';
export const PREVIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Previews kept at most; each open form writes one, so this is many tabs' worth. */
export const PREVIEW_MAX_COUNT = 10;

const ID_PATTERN = /^[a-z0-9]{8,64}$/;

/** Whether `id` can be a preview's id (anything else in the address is not looked up). */
export const isPreviewId = (id: string) => ID_PATTERN.test(id);

/** A fresh id: random, so two forms (or two browser tabs of one) never share a preview. */
export function newPreviewId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const previewStorageKey = (id: string) => `${PREVIEW_PREFIX}${id}`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // reading localStorage itself throws where cookies are blocked
  }
}

function savedTime(entry: PreviewEntry): number {
  return Date.parse(entry.savedAt);
}

function isFresh(entry: PreviewEntry, now: Date): boolean {
  const saved = savedTime(entry);
  return Number.isFinite(saved) && now.getTime() - saved <= PREVIEW_MAX_AGE_MS;
}

/** A stored entry's text as an entry, or null when it is not one (or has expired). */
export function parsePreview(raw: string | null, now: Date): PreviewEntry | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const e = value as Record<string, unknown>;
  if (e.version !== 1 || (e.kind !== 'post' && e.kind !== 'project' && e.kind !== 'privacy') || typeof e.savedAt !== 'string' || typeof e.backTo !== 'string') return null;
  if (!e.data || typeof e.data !== 'object') return null;
  const entry: PreviewEntry = { version: 1, kind: e.kind, savedAt: e.savedAt, backTo: e.backTo, data: e.data };
  return isFresh(entry, now) ? entry : null;
}

/** The stored text of preview `id` (what a 'storage' event compares), or null. */
export function readPreviewText(id: string): string | null {
  const store = storage();
  if (!store || !isPreviewId(id)) return null;
  try {
    return store.getItem(previewStorageKey(id));
  } catch {
    return null;
  }
}

export function readPreview(id: string, now: Date = new Date()): PreviewEntry | null {
  return parsePreview(readPreviewText(id), now);
}

/** Drops previews that are unreadable, expired, or beyond the newest PREVIEW_MAX_COUNT; `keep` stays. */
export function prunePreviews(now: Date, keep?: string): void {
  const store = storage();
  if (!store) return;
  try {
    const kept: { key: string; saved: number }[] = [];
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREVIEW_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      if (keep !== undefined && key === previewStorageKey(keep)) continue;
      const entry = parsePreview(store.getItem(key), now);
      if (!entry) store.removeItem(key);
      else kept.push({ key, saved: savedTime(entry) });
    }
    // the one being written counts too
    const room = PREVIEW_MAX_COUNT - (keep !== undefined ? 1 : 0);
    kept
      .sort((a, b) => b.saved - a.saved)
      .slice(Math.max(room, 0))
      .forEach(({ key }) => store.removeItem(key));
  } catch (error) {
    console.error('[preview] could not tidy the stored previews', error);
  }
}

/**
 * Writes (or rewrites) preview `id`, tidying old ones first. False when the browser refused to
 * store it (storage off, quota): the caller says so instead of opening an empty preview.
 */
export function writePreview(id: string, entry: Pick<PreviewEntry, 'kind' | 'backTo' | 'data'>, now: Date = new Date()): boolean {
  const store = storage();
  if (!store || !isPreviewId(id)) return false;
  prunePreviews(now, id);
  try {
    const stored: PreviewEntry = { version: 1, kind: entry.kind, savedAt: now.toISOString(), backTo: entry.backTo, data: entry.data };
    store.setItem(previewStorageKey(id), JSON.stringify(stored));
    return true;
  } catch (error) {
    console.error('[preview] could not store the preview', error);
    return false;
  }
}
