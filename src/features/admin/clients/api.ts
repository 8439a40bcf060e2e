import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys, changedRows, invalidatePublic } from '../api';

export interface AdminClient {
  id: string;
  name: string;
  logo: string;
  created_at: string;
  updated_at: string;
}

export interface ClientInput {
  name: string;
  logo: string;
}

const CLIENT_COLUMNS = 'id, name, logo, created_at, updated_at';

export async function fetchClients(): Promise<AdminClient[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('clients').select(CLIENT_COLUMNS).order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as AdminClient[];
}

export function useAdminClients() {
  return useQuery({ queryKey: adminKeys.clients, queryFn: fetchClients });
}

/** Insert {name, logo}; update {name, logo, updated_at} (spec section 7). */
export async function saveClient({ id, input }: { id?: string; input: ClientInput }): Promise<void> {
  const supabase = await getSupabase();
  const row = { name: input.name.trim(), logo: input.logo.trim() };
  const { data, error } = id
    ? await supabase.from('clients').update({ ...row, updated_at: new Date().toISOString() }).eq('id', id).select('id')
    : await supabase.from('clients').insert(row).select('id');
  if (error) throw error;
  changedRows(data);
}

export async function deleteClient(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('clients').delete().eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.clients });
    invalidatePublic(queryClient, 'clients');
  };
}

export function useSaveClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: saveClient, onSuccess: invalidate });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: deleteClient, onSuccess: invalidate });
}
