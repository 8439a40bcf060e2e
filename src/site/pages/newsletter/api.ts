/*
 * The newsletter links' network calls (migration 20261128001000_newsletter.sql): what a link's
 * page shows (newsletter_link, which changes nothing: mail scanners open every link), and the
 * buttons that do the work (confirm_newsletter, unsubscribe_newsletter,
 * resend_newsletter_confirmation). All go through `.rpc()`, so the token travels in a request's
 * body, never in an address a server logs.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { hintOf } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';

export type NewsletterLinkKind = 'confirm' | 'unsubscribe';

/** Where a link stands before anything is pressed. */
export type NewsletterLinkState = 'ready' | 'confirmed' | 'unsubscribed' | 'suppressed' | 'expired' | 'replaced' | 'unknown';

export interface NewsletterLink {
  state: NewsletterLinkState;
  /** The address, masked (m***@example.com); absent for an unknown link. */
  email?: string;
}

/** A confirmation token (32 random bytes, base64url) and an unsubscribe token (id and signature). */
const TOKEN_PATTERNS: Record<NewsletterLinkKind, RegExp> = {
  confirm: /^[A-Za-z0-9_-]{43}$/,
  unsubscribe: /^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/,
};

const STATES: readonly NewsletterLinkState[] = ['ready', 'confirmed', 'unsubscribed', 'suppressed', 'expired', 'replaced', 'unknown'];

function toLink(value: unknown): NewsletterLink {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const state = STATES.find((s) => s === record.state);
  if (!state) throw new Error('Unexpected answer for a newsletter link');
  return { state, email: typeof record.email === 'string' ? record.email : undefined };
}

/** A refusal of a button, by the database's hint: the page's state it leads to. */
const REFUSALS: Record<string, NewsletterLinkState> = {
  newsletter_link_invalid: 'unknown',
  newsletter_link_expired: 'expired',
  newsletter_link_replaced: 'replaced',
  newsletter_unsubscribed: 'unsubscribed',
  newsletter_suppressed: 'suppressed',
};

export class NewsletterLinkRefusal extends Error {
  constructor(
    readonly state: NewsletterLinkState,
    readonly text: string,
  ) {
    super(`The newsletter link was refused (${state})`);
    this.name = 'NewsletterLinkRefusal';
  }
}

function refusalOf(error: unknown): unknown {
  const hint = hintOf(error);
  if (Object.hasOwn(REFUSALS, hint)) return new NewsletterLinkRefusal(REFUSALS[hint], '');
  if (hint === 'newsletter_resend_too_soon') {
    const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
    return new NewsletterLinkRefusal('expired', message);
  }
  return error;
}

export async function fetchNewsletterLink(kind: NewsletterLinkKind, token: string): Promise<NewsletterLink> {
  if (!TOKEN_PATTERNS[kind].test(token)) return { state: 'unknown' };
  const db = await getPublicDb();
  const { data, error } = await db.rpc('newsletter_link', { kind, token });
  if (error) throw error;
  return toLink(data);
}

export function useNewsletterLink(kind: NewsletterLinkKind, token: string) {
  // the token is kept in memory only
  return useQuery({ queryKey: ['newsletter-link', kind, token], queryFn: () => fetchNewsletterLink(kind, token), retry: 1 });
}

/** The page's main button: 'Потвърди' or 'Отпиши ме'. Resolves with the link's new state. */
export function usePressLink(kind: NewsletterLinkKind, token: string) {
  return useMutation<NewsletterLink, unknown, void>({
    mutationFn: async () => {
      const db = await getPublicDb();
      const { data, error } =
        kind === 'confirm' ? await db.rpc('confirm_newsletter', { token }) : await db.rpc('unsubscribe_newsletter', { token, via: 'link' });
      if (error) throw refusalOf(error);
      return toLink(data);
    },
  });
}

/** An expired or replaced confirmation link's 'Изпрати нов имейл'. */
export function useResendConfirmation(token: string) {
  return useMutation<void, unknown, void>({
    mutationFn: async () => {
      const db = await getPublicDb();
      const { error } = await db.rpc('resend_newsletter_confirmation', { token });
      if (error) throw refusalOf(error);
    },
  });
}
