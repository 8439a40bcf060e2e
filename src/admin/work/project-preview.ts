import type { ProjectPreviewData } from '@/shared/preview/preview-store';
import type { AdminProject } from './project-record';
import { buildProjectPayload, type ProjectFormValues } from './project-schema';

/*
 * The project form's values as the row its public page renders ('Преглед'), made the way a save
 * makes its row (buildProjectPayload): trimmed texts, URLs with their scheme, the gallery in order.
 */
export function projectPreviewData(
  values: ProjectFormValues,
  project: Pick<AdminProject, 'id' | 'created_at' | 'updated_at'> | null,
  now: Date,
): ProjectPreviewData {
  const row = buildProjectPayload(values);
  const stamp = now.toISOString();
  return {
    id: project?.id ?? 'preview',
    title: row.title,
    slug: row.slug,
    category: row.category,
    image: row.image,
    image_alt: row.image_alt,
    link: row.link,
    description: row.description,
    gallery: row.gallery,
    detailed_description: row.detailed_description,
    technologies: row.technologies,
    client: row.client,
    duration: row.duration,
    team_size: row.team_size,
    status: row.status,
    documentation_url: row.documentation_url,
    created_at: project?.created_at ?? stamp,
    updated_at: project?.updated_at ?? stamp,
  };
}
