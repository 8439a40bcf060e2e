/*
 * The post editor's newsletter calls (migration 20261128001000_newsletter.sql): where a post's
 * send stands, the test to the admin's own address, and the send itself. The database decides
 * everything (published, tested with this content, once per post, one send at a time) and says
 * why it refuses in Bulgarian.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/admin/kit/data/api';
import { getSupabase } from '@/shared/db/supabase';
import { site } from '@/shared/config/site';
import type { NewsletterEmail } from './newsletter-email';

export interface NewsletterStatus {
  status: 'none' | 'sending' | 'done';
  /** Confirmed subscribers now (before a send). */
  subscribers?: number;
  total?: number;
  queued?: number;
  sending?: number;
  sent?: number;
  failed?: number;
  skipped?: number;
  started_at?: string;
  finished_at?: string | null;
  /** The admin's own last test of this post. */
  tested_at: string | null;
}

/** While a send runs, the editor asks this often how far it got. */
export const PROGRESS_EVERY_MS = 3000;

/** Under the admin root like every admin key, so signing out forgets a post's send too. */
export const newsletterKeys = { status: (post: string) => [...adminKeys.all, 'newsletter-status', post] as const };

export function useNewsletterStatus(post: string) {
  return useQuery({
    queryKey: newsletterKeys.status(post),
    queryFn: async (): Promise<NewsletterStatus> => {
      const db = await getSupabase();
      const { data, error } = await db.rpc('newsletter_send_status', { post });
      if (error) throw error;
      return data as unknown as NewsletterStatus;
    },
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? PROGRESS_EVERY_MS : false),
  });
}

/** The post's e-mail from its stored text (the renderer is fetched only now). */
async function emailOf(post: { content: string; excerpt: string | null }): Promise<NewsletterEmail> {
  const { newsletterEmail } = await import('./newsletter-email');
  return newsletterEmail(post, site.url);
}

export function useNewsletterActions(post: { id: string; content: string; excerpt: string | null }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: newsletterKeys.status(post.id) });
  const test = useMutation({
    mutationFn: async (): Promise<string> => {
      const { html, plain } = await emailOf(post);
      const db = await getSupabase();
      const { data, error } = await db.rpc('send_newsletter_test', { post: post.id, html, plain });
      if (error) throw error;
      return String((data as { sent_to?: unknown } | null)?.sent_to ?? '');
    },
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: async () => {
      const { html, plain } = await emailOf(post);
      const db = await getSupabase();
      const { error } = await db.rpc('start_newsletter_send', { post: post.id, html, plain });
      if (error) throw error;
    },
    onSettled: refresh,
  });
  return { test, send };
}
