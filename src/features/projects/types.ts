export type { GalleryItem, Project, ProjectStatus } from '@/lib/projects';
