/*
 * What the public project page reads: one project by slug, or by id when the URL holds a uuid
 * (cards link with the slug, falling back to the id). The only code of this feature that calls
 * Supabase. A missing project resolves to null; a failure rejects (the page then sends the visitor
 * home with a toast).
 */
import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getPublicDb } from '@/shared/db/public-db';
import { isUuid, sortGallery } from './logic';
import type { Project } from './types';

// the whole row (no staff id is in it: who saved a project is in project_staff, the admins'); the
// search-and-share fields (meta_…, share_…) are for the head only
const PROJECT_COLUMNS = '*';

export const projectKeys = {
  all: ['projects'] as const,
  detail: (slugOrId: string) => ['projects', 'detail', slugOrId] as const,
};

function toProject(row: Tables<'projects'>): Project {
  return {
    ...row,
    description: row.description ?? '',
    gallery: sortGallery(row.gallery),
    technologies: Array.isArray(row.technologies) ? row.technologies.filter((t) => typeof t === 'string' && t.trim()) : [],
  };
}

export async function fetchProject(slugOrId: string): Promise<Project | null> {
  const param = slugOrId.trim();
  if (!param) return null;
  const db = await getPublicDb();
  const base = db.from('projects').select(PROJECT_COLUMNS);
  // A uuid may be an id or (unlikely, but allowed by the slug rule) a slug: ask for both at once
  // and prefer the slug.
  const { data, error } = isUuid(param)
    ? await base.or(`slug.eq.${param},id.eq.${param.toLowerCase()}`).limit(2).retry(false)
    : await base.eq('slug', param).limit(1).retry(false);
  if (error) throw error;
  const rows = data ?? [];
  const row = rows.find((r) => r.slug === param) ?? rows[0];
  return row ? toProject(row) : null;
}

export function useProject(slugOrId: string) {
  return useQuery({ queryKey: projectKeys.detail(slugOrId), queryFn: () => fetchProject(slugOrId) });
}
