import { isPermissionError } from '@/shared/db/errors';

/** The result of a public query that may have fallen back to built-in sample data. */
export interface MaybeSample<T> {
  data: T;
  /** True when `data` is the sample, because the backend refused access or failed. */
  isSample: boolean;
  /** The error that caused the fallback, for logging or a discreet notice. */
  error?: unknown;
}

export interface SampleFallbackOptions {
  /**
   * Fall back on any error, not only on permission errors, as the client and project lists, the
   * blog post page and the recent-posts sidebar do.
   */
  onAnyError?: boolean;
  /** Label for the console warning, e.g. 'clients'. */
  label?: string;
}

/**
 * The public pages' "permission denied → show sample data" rule, in one place.
 *
 * `load` performs the real query and throws on failure (feature api.ts functions throw the
 * Supabase error). On a permission error (see isPermissionError), or on any error when
 * `onAnyError` is set, the sample is returned and marked as such; other errors are rethrown so
 * React Query shows them as errors.
 *
 * Use it inside a query function:
 *   queryFn: () => withSampleFallback(fetchClients, sampleClients, { onAnyError: true })
 */
export async function withSampleFallback<T>(
  load: () => Promise<T>,
  sample: T | (() => T),
  options: SampleFallbackOptions = {},
): Promise<MaybeSample<T>> {
  try {
    return { data: await load(), isSample: false };
  } catch (error) {
    if (!options.onAnyError && !isPermissionError(error)) throw error;
    console.warn(`[sample data] ${options.label ?? 'query'} failed; showing sample data instead.`, error);
    const data = typeof sample === 'function' ? (sample as () => T)() : sample;
    return { data, isSample: true, error };
  }
}
