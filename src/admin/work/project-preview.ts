import { previewRow } from '@/admin/kit/forms/preview-row';
import type { ProjectPreviewData } from '@/shared/preview/preview-store';
import type { AdminProject } from './project-record';
import { buildProjectPayload, type ProjectFormValues } from './project-schema';

/*
 * The project form's values as the row its public page renders ('Преглед'), made the way a save
 * makes its row (buildProjectPayload): trimmed texts, URLs with their scheme, the gallery in order.
 */
const PROJECT_SHOWN = [
  'title', 'slug', 'category', 'image', 'image_alt', 'link', 'description', 'gallery', 'detailed_description',
  'technologies', 'client', 'duration', 'team_size', 'status', 'documentation_url',
] as const;

export function projectPreviewData(
  values: ProjectFormValues,
  project: Pick<AdminProject, 'id' | 'created_at' | 'updated_at'> | null,
  now: Date,
): ProjectPreviewData {
  return previewRow(buildProjectPayload(values), PROJECT_SHOWN, project, now);
}
