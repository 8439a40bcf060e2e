import { useMutation, useQueryClient } from '@tanstack/react-query';
import { functionFetch, getSupabase } from '@/shared/db/supabase';
import { recordKeys } from '@/admin/kit/records/record-queries';
import type { StaffRole } from '@/admin/kit/session/roles';

/*
 * Invitations by e-mail: the Edge Function staff-invitations (supabase/functions) has GoTrue send
 * them with the key only it holds; withdrawing is the database's (withdraw_staff_invitation).
 * Each refusal comes back in Bulgarian (the database's or GoTrue's, worded by the function).
 */

/** How long an invitation's link works: GoTrue's e-mail link expiry (the hosted default, 24 hours). */
export const INVITATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Whether an invitation sent at `invitedAt` can no longer be accepted (a new one must be sent). */
export const invitationExpired = (invitedAt: string, now = Date.now()) => Date.parse(invitedAt) + INVITATION_LIFETIME_MS <= now;

export interface InvitationValues {
  email: string;
  full_name: string;
  role: StaffRole;
}

async function callInvitations(body: Record<string, unknown>): Promise<void> {
  const res = await functionFetch('staff-invitations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return;
  const problem = (await res.json().catch(() => ({}))) as { message?: string };
  throw new Error(problem.message ?? 'Поканата не можа да бъде изпратена. Опитайте отново.');
}

export const sendInvitation = (values: InvitationValues) => callInvitations({ action: 'invite', ...values });
export const resendInvitation = (blogUser: string) => callInvitations({ action: 'resend', blog_user: blogUser });

export async function withdrawInvitation(blogUser: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('withdraw_staff_invitation', { blog_user: blogUser });
  if (error) throw error;
}

/** The three actions, each refreshing the users' list when done. */
export function useInvitations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys('users').all });
  return {
    send: useMutation({ mutationFn: sendInvitation, onSuccess: refresh }),
    resend: useMutation({ mutationFn: resendInvitation, onSuccess: refresh }),
    withdraw: useMutation({ mutationFn: withdrawInvitation, onSuccess: refresh }),
  };
}
