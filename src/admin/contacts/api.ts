import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { changedRows } from '@/admin/kit/data/api';
import { defineRecordType } from '@/admin/kit/records/record-type';
import { recordKeys } from '@/admin/kit/records/record-queries';
import { recordWords } from '@/admin/kit/records/record-words';
import type { DetailField, Timeline } from './timeline';

/*
 * Contacts: the people behind inquiries and bookings (the table `contacts`, made by the database
 * from each message's mailbox and phone: migration *_leads.sql). The list and the record come from
 * the record type's declaration; a contact's page reads its timeline in one request, and an admin
 * adds notes, adopts or dismisses what forms typed (review_contact_detail: a form never changes a
 * contact, migration *_contacts_by_admin.sql), merges two contacts or erases one through the
 * database's functions.
 */

export type Contact = Pick<Tables<'contacts'>, 'id' | 'name' | 'email' | 'phone' | 'created_at' | 'updated_at' | 'last_seen_at'>;

export const contactRecords = defineRecordType<Contact, Contact, Pick<Contact, 'name'>>({
  name: 'contacts',
  table: 'contacts',
  listColumns: 'id, name, email, phone, created_at, updated_at, last_seen_at',
  searchColumns: ['name', 'email', 'phone'],
  // the inquiries name their contact: a merge or an erasure changes them
  alsoStale: { keys: [['admin', 'inbox']] },
  text: recordWords({
    one: 'контакт',
    theOne: 'контакта',
    theOneSubject: 'Контактът',
    many: 'контакти',
    theMany: 'контактите',
    gender: 'masculine',
    title: 'Контакти',
    searchHint: 'Име, имейл или телефон',
    empty: 'Все още няма контакти: те идват със запитванията и резервациите.',
    logDelete: '[admin] erasing a contact failed',
  }),
});

export const contactKeys = { timeline: (id: string) => [...recordKeys('contacts').all, 'timeline', id] as const };

/** One contact's page: its inquiries, bookings, history, e-mails and notes (the newest 200 of each). */
export async function fetchTimeline(id: string): Promise<Timeline | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('contact_timeline', { contact: id });
  if (error) throw error;
  return (data as unknown as Timeline | null) ?? null;
}

export function useTimeline(id: string) {
  return useQuery({ queryKey: contactKeys.timeline(id), queryFn: () => fetchTimeline(id), staleTime: 0, refetchOnWindowFocus: 'always' });
}

/** After a write on a contact: its page, the contacts list and the inbox read anew. */
function useContactRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: recordKeys('contacts').all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] });
  };
}

export function useAddNote() {
  const refresh = useContactRefresh();
  return useMutation({
    mutationFn: async ({ contactId, inquiryId, body }: { contactId: string; inquiryId?: string | null; body: string }) => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.from('lead_notes').insert({ contact_id: contactId, inquiry_id: inquiryId ?? null, body }).select('id');
      if (error) throw error;
      changedRows(data);
    },
    onSuccess: refresh,
  });
}

export function useMergeContacts() {
  const refresh = useContactRefresh();
  return useMutation({
    mutationFn: async ({ keep, other }: { keep: string; other: string }) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('merge_contacts', { keep, other });
      if (error) throw error;
    },
    onSuccess: refresh,
  });
}

/** The admin's decision on a detail a form typed ('adopt' makes it the contact's), or on a possible match ('match': dismiss only). */
export function useReviewDetail() {
  const refresh = useContactRefresh();
  return useMutation({
    mutationFn: async ({ contact, field, value, decision }: { contact: string; field: DetailField | 'match'; value: string; decision: 'adopt' | 'dismiss' }) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('review_contact_detail', { contact, field, value, decision });
      if (error) throw error;
    },
    onSuccess: refresh,
  });
}

export function useEraseContact() {
  const refresh = useContactRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('erase_contact', { contact: id });
      if (error) throw error;
      return data as { inquiries: number; bookings: number; notes: number; mails: number };
    },
    onSuccess: refresh,
  });
}

/** Other contacts to merge into this one: a search by name, e-mail or phone, ten at most. */
export async function searchContacts(search: string, except: string): Promise<Contact[]> {
  const page = await contactRecords.fetchPage({ search }, 0);
  return page.rows.filter((c) => c.id !== except).slice(0, 10);
}
