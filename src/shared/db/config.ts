// The two public settings of the Supabase project, shared by the full client (admin) and the
// public pages' data client, without pulling either library in.
export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

/** Reads the two public settings of the Supabase project, failing loudly when one is missing. */
export function getSupabaseConfig(): SupabaseConfig {
  const url = import.meta.env.VITE_SUPABASE_URL?.trim();
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY?.trim();
  const missing = [!url && 'VITE_SUPABASE_URL', !anonKey && 'VITE_SUPABASE_ANON_KEY'].filter(Boolean);
  if (missing.length > 0 || !url || !anonKey) {
    throw new Error(
      `Supabase is not configured: missing ${missing.join(' and ')}. ` +
        'Copy .env.example to .env (npm run dev fills it for the local stand-in) ' +
        'or set these variables for your hosted project, then restart Vite.',
    );
  }
  return { url, anonKey };
}
