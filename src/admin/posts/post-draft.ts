/*
 * The post form's autosaved local draft: while the admin edits, the form's values are
 * kept in localStorage (one draft per post, one for a new post), so a reload, a crash or leaving
 * without saving does not lose them. Opening the form again offers a draft that differs from the
 * stored post; a successful save removes it.
 *
 * A draft holds the form's values only, with when it was taken and the post version (updated_at)
 * the edits started from, so a draft restored over a post changed since meets the normal conflict
 * check on save. Drafts older than 30 days are dropped, and at most 20 are kept.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { loadDraft, removeDraft, saveDraft } from '@/shared/forms/drafts';
import { postValuesShape, samePostValues, type PostFormValues } from './post-schema';

export const POST_DRAFT_PREFIX = 'admin-post-draft:';
export const POST_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const POST_DRAFT_MAX_COUNT = 20;
/** How long the form waits after the last change before it writes the draft. */
export const POST_DRAFT_DELAY_MS = 1000;

/** The draft of post `id`, or of a new post (null). */
export const postDraftKey = (id: string | null) => `${POST_DRAFT_PREFIX}${id ?? 'new'}`;

const postDraftSchema = z.object({
  version: z.literal(1),
  /** ISO time the draft was written. */
  savedAt: z.string(),
  /** The post's updated_at the edits started from; null for a new post. */
  updatedAt: z.nullable(z.string()),
  // a draft written before the alt text existed has none: it reads as empty
  values: z.extend(postValuesShape, {
    featured_image_alt: z._default(z.string(), ''),
    // nor the search-and-share fields, before they existed
    meta_title: z._default(z.string(), ''),
    meta_description: z._default(z.string(), ''),
    share_image: z._default(z.string(), ''),
    share_image_alt: z._default(z.string(), ''),
    // nor a schedule
    scheduled: z._default(z.boolean(), false),
    scheduled_at: z._default(z.string(), ''),
  }),
});

export type PostDraft = z.infer<typeof postDraftSchema>;

const isPostDraft = (value: unknown): value is PostDraft => postDraftSchema.safeParse(value).success;

function isFresh(draft: PostDraft, now: Date): boolean {
  const saved = Date.parse(draft.savedAt);
  return Number.isFinite(saved) && now.getTime() - saved <= POST_DRAFT_MAX_AGE_MS;
}

/** The draft to offer when the form opens: a valid, fresh one that differs from what was loaded. */
export function draftToOffer(draft: PostDraft | null, loaded: PostFormValues, now: Date): PostDraft | null {
  if (!draft || !isFresh(draft, now)) return null;
  return samePostValues(draft.values, loaded) ? null : draft;
}

export function readPostDraft(key: string): PostDraft | null {
  const draft = loadDraft<PostDraft>(key, isPostDraft);
  // parsed again for the defaults of fields an older draft lacks
  return draft && postDraftSchema.parse(draft);
}

/** The stored post changed after the draft was taken (a save of the draft will meet the conflict dialog). */
export function postChangedSince(draft: PostDraft, currentUpdatedAt: string | undefined): boolean {
  if (!draft.updatedAt || !currentUpdatedAt) return false;
  const a = Date.parse(draft.updatedAt);
  const b = Date.parse(currentUpdatedAt);
  return draft.updatedAt !== currentUpdatedAt && !(Number.isFinite(a) && a === b);
}

function storedDraftNames(): string[] {
  try {
    const store = window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(POST_DRAFT_PREFIX)) keys.push(key);
    }
    return keys;
  } catch {
    return []; // storage unavailable: there are no drafts to prune
  }
}

/** Drops post drafts that are unreadable, older than 30 days, or beyond the newest 20. */
export function prunePostDrafts(now: Date): void {
  const kept: { key: string; saved: number }[] = [];
  for (const key of storedDraftNames()) {
    const draft = readPostDraft(key);
    if (!draft || !isFresh(draft, now)) removeDraft(key);
    else kept.push({ key, saved: Date.parse(draft.savedAt) });
  }
  kept
    .sort((a, b) => b.saved - a.saved)
    .slice(POST_DRAFT_MAX_COUNT)
    .forEach(({ key }) => removeDraft(key));
}

const dateTime = new Intl.DateTimeFormat('bg-BG', { dateStyle: 'long', timeStyle: 'short' });

export const postDraftText = {
  found: (savedAt: string) => `Имате незапазена чернова от ${dateTime.format(new Date(savedAt))}.`,
  changedSince:
    'След черновата публикацията е променена и запазена. Ако възстановите черновата и я запазите, ще ви попитаме коя версия да остане.',
  restore: 'Възстанови черновата',
  discard: 'Отхвърли',
} as const;

export interface PostDraftOptions {
  form: UseFormReturn<PostFormValues, unknown, PostFormValues>;
  /** postDraftKey(post id). */
  storageKey: string;
  /** The values of the stored post (or of an empty form): a draft equal to them is not kept. */
  baseline: PostFormValues;
  /** The version the edits are based on (the form's updated_at guard). */
  guard: string | undefined;
}

/**
 * Keeps the form's draft: written a second after the last change and at once when the page is
 * hidden or the form closes. While a draft found on opening waits for the admin's answer nothing
 * is written, so it is never replaced unseen. `clear()` after a successful save.
 */
export function usePostDraft({ form, storageKey, baseline, guard }: PostDraftOptions) {
  const [offer, setOffer] = useState<PostDraft | null>(() => draftToOffer(readPostDraft(storageKey), baseline, new Date()));
  const latest = useRef({ baseline, guard, offer, cleared: false });
  latest.current.baseline = baseline;
  latest.current.guard = guard;
  latest.current.offer = offer;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(() => {
    timer.current = null;
    const now = latest.current;
    if (now.offer || now.cleared) return;
    const values = form.getValues();
    if (samePostValues(values, now.baseline)) removeDraft(storageKey);
    else saveDraft<PostDraft>(storageKey, { version: 1, savedAt: new Date().toISOString(), updatedAt: now.guard ?? null, values });
  }, [form, storageKey]);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    write();
  }, [write]);

  // On opening: old drafts go, and a found draft that is not offered (same as the post) too.
  useEffect(() => {
    prunePostDrafts(new Date());
    if (!latest.current.offer) removeDraft(storageKey);
  }, [storageKey]);

  useEffect(() => {
    const subscription = form.watch(() => {
      latest.current.cleared = false;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(write, POST_DRAFT_DELAY_MS);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, write, flush]);

  /** Puts the draft into the form (which is then dirty); returns it for its version. */
  const restore = useCallback(() => {
    const draft = latest.current.offer;
    if (!draft) return null;
    latest.current.offer = null;
    setOffer(null);
    form.reset(draft.values, { keepDefaultValues: true });
    return draft;
  }, [form]);

  const discard = useCallback(() => {
    latest.current.offer = null;
    setOffer(null);
    removeDraft(storageKey);
  }, [storageKey]);

  /** After a successful save: the draft is gone and nothing pending writes it again. */
  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    latest.current.cleared = true;
    removeDraft(storageKey);
  }, [storageKey]);

  return { offer, restore, discard, clear };
}
