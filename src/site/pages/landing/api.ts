/*
 * Data of the landing page: the clients carousel and the portfolio. The only code of this feature
 * that talks to Supabase. Clients and projects fall back to sample data on any
 * load error; categories come from project_categories, or from the loaded
 * projects when that read fails or the projects are the sample.
 */
import { useQuery } from '@tanstack/react-query';
import { sampleClients, sampleProjects } from '@/site/content/sample-portfolio';
import { withSampleFallback, type MaybeSample } from '@/site/data/fallback';
import type { Tables } from '@/shared/db/database.types';
import { getPublicDb } from '@/shared/db/public-db';

export type LandingClient = Pick<Tables<'clients'>, 'id' | 'name' | 'logo' | 'logo_alt'>;

export type LandingProject = Pick<Tables<'projects'>, 'id' | 'title' | 'category' | 'image' | 'image_alt' | 'link' | 'description' | 'slug'>;

export const landingKeys = {
  all: ['landing'] as const,
  clients: () => [...landingKeys.all, 'clients'] as const,
  projects: () => [...landingKeys.all, 'projects'] as const,
  categories: () => [...landingKeys.all, 'project-categories'] as const,
};

export async function fetchClients(): Promise<LandingClient[]> {
  const db = await getPublicDb();
  const { data, error } = await db
    .from('clients')
    .select('id, name, logo, logo_alt')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export async function fetchProjects(): Promise<LandingProject[]> {
  const db = await getPublicDb();
  const { data, error } = await db
    .from('projects')
    .select('id, title, category, image, image_alt, link, description, slug')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

/** Category names in name order, or null when they cannot be read (the caller derives them). */
export async function fetchCategoryNames(): Promise<string[] | null> {
  try {
    const db = await getPublicDb();
    const { data, error } = await db.from('project_categories').select('name').order('name');
    if (error) throw error;
    return (data ?? []).map((row: { name: string }) => row.name);
  } catch (error) {
    console.error('[landing] project categories could not be loaded; using the projects’ categories', error);
    return null;
  }
}

export function useClients() {
  return useQuery<MaybeSample<LandingClient[]>>({
    queryKey: landingKeys.clients(),
    queryFn: () => withSampleFallback(fetchClients, sampleClients, { onAnyError: true, label: 'clients' }),
  });
}

export function useProjects() {
  return useQuery<MaybeSample<LandingProject[]>>({
    queryKey: landingKeys.projects(),
    queryFn: () => withSampleFallback(fetchProjects, sampleProjects, { onAnyError: true, label: 'projects' }),
  });
}

export function useCategoryNames() {
  return useQuery({ queryKey: landingKeys.categories(), queryFn: fetchCategoryNames });
}

/** The distinct categories of the given projects, sorted by name. */
export function categoriesOf(projects: readonly LandingProject[]): string[] {
  return [...new Set(projects.map((p) => p.category).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Projects of one category, or all of them for null ('All'). */
export function filterProjects(projects: readonly LandingProject[], category: string | null): LandingProject[] {
  return category === null ? [...projects] : projects.filter((p) => p.category === category);
}
