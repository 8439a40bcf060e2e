import type { Project as ProjectRecord } from '@/shared/domain/projects';

export type { GalleryItem, ProjectStatus } from '@/shared/domain/projects';

/** A project as its public page reads it: who saved it last is the admin's business, not read. */
export type Project = Omit<ProjectRecord, 'updated_by'>;
