// The shape of a portfolio project, shared by the public project page and the
// admin's project management, which both read and write the same projects table.
import type { Tables } from '@/shared/db/database.types';

/** One picture of a project's gallery (stored in projects.gallery as a JSON list). */
export type GalleryItem = {
  /** A timestamp string ('1732000000000'). */
  id: string;
  title: string;
  description: string;
  image: string;
  /** What the picture shows (its alt text); '' only in items stored before it was required. */
  alt: string;
  order: number;
};

export type ProjectStatus = 'in_progress' | 'active' | 'completed';

/** A projects row, its gallery (JSON in the table) read into items. */
export type Project = Omit<Tables<'projects'>, 'gallery'> & { gallery: GalleryItem[] };

/** The columns of a project that the admin writes. */
export type ProjectFields = Omit<Project, 'id' | 'created_at' | 'updated_at'>;
