import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSupabase, getSupabaseConfig } from '@/shared/db/supabase';

describe('the Supabase client', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('fails with a clear message naming the missing variables', () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
    expect(() => getSupabaseConfig()).toThrow(/missing VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY/);
    vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54321');
    expect(() => getSupabaseConfig()).toThrow(/missing VITE_SUPABASE_ANON_KEY/);
  });

  it('getSupabase rejects instead of creating a half-configured client', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
    await expect(getSupabase()).rejects.toThrow(/Supabase is not configured/);
  });

  it('builds one shared client from the two variables', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', ' http://127.0.0.1:54321 ');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
    expect(getSupabaseConfig()).toEqual({ url: 'http://127.0.0.1:54321', anonKey: 'anon-key' });
    const first = await getSupabase();
    const second = await getSupabase();
    expect(second).toBe(first);
    expect(typeof first.from).toBe('function');
  });
});
