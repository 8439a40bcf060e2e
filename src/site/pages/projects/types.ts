export type { GalleryItem, Project, ProjectStatus } from '@/shared/domain/projects';
