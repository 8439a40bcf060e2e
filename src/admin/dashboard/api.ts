/*
 * The dashboard's reads: the database's insights_* functions (administrators only, aggregates only:
 * SECURITY DEFINER behind private.is_admin(), migration 20261129001100_insights.sql), one request
 * per section. The only code of the tab that calls Supabase. Keys live under 'admin', so sign-out
 * forgets them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/admin/kit/data/api';
import { getSupabase } from '@/shared/db/supabase';
import type { DayRange } from './period';
import { readAttribution, readFunnels, readNewsletter, readSummary, readTop, type TopDimension } from './shapes';

/** How many rows each top list shows. */
export const TOP_ROWS = 10;

export const insightsKeys = {
  all: [...adminKeys.all, 'insights'] as const,
  section: (section: string, range: DayRange) => [...insightsKeys.all, section, range.from, range.to] as const,
};

type InsightsFunction = 'insights_summary' | 'insights_funnels' | 'insights_attribution' | 'insights_newsletter';

/** One of the functions of a period; its answer, jsonb, is read by shapes.ts. */
async function call(fn: InsightsFunction, range: DayRange): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(fn, { from_day: range.from, to_day: range.to });
  if (error) throw error;
  return data;
}

async function callTop(range: DayRange, dimension: TopDimension): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('insights_top', { from_day: range.from, to_day: range.to, dimension, max_rows: TOP_ROWS });
  if (error) throw error;
  return data;
}

export const fetchSummary = async (range: DayRange) => readSummary(await call('insights_summary', range), range);
export const fetchTop = async (range: DayRange, dimension: TopDimension) => readTop(await callTop(range, dimension));
export const fetchFunnels = async (range: DayRange) => readFunnels(await call('insights_funnels', range));
export const fetchAttribution = async (range: DayRange) => readAttribution(await call('insights_attribution', range));
export const fetchNewsletter = async (range: DayRange) => readNewsletter(await call('insights_newsletter', range), range);

/**
 * Today's figures grow while the tab is open: a section is read again when shown after a minute,
 * and a new period keeps the figures of the last one on screen until its own are here.
 */
const options = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

export function useSummary(range: DayRange) {
  return useQuery({ queryKey: insightsKeys.section('summary', range), queryFn: () => fetchSummary(range), ...options });
}

export function useTop(range: DayRange, dimension: TopDimension) {
  return useQuery({ queryKey: insightsKeys.section(`top-${dimension}`, range), queryFn: () => fetchTop(range, dimension), ...options });
}

export function useFunnels(range: DayRange) {
  return useQuery({ queryKey: insightsKeys.section('funnels', range), queryFn: () => fetchFunnels(range), ...options });
}

export function useAttribution(range: DayRange) {
  return useQuery({ queryKey: insightsKeys.section('attribution', range), queryFn: () => fetchAttribution(range), ...options });
}

export function useNewsletter(range: DayRange) {
  return useQuery({ queryKey: insightsKeys.section('newsletter', range), queryFn: () => fetchNewsletter(range), ...options });
}
