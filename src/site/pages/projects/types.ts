import type { Project as ProjectRecord } from '@/shared/domain/projects';

export type { GalleryItem, ProjectStatus } from '@/shared/domain/projects';

/** A project as its public page reads it: the whole row (who saved it is the admin's, in project_staff). */
export type Project = ProjectRecord;
