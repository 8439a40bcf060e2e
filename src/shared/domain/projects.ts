// The shape of a portfolio project (spec section 3), shared by the public project page and the
// admin's project management, which both read and write the same projects table.

/** One picture of a project's gallery (stored in projects.gallery as a JSON list). */
export interface GalleryItem {
  /** A timestamp string ('1732000000000'). */
  id: string;
  title: string;
  description: string;
  image: string;
  order: number;
}

export type ProjectStatus = 'in_progress' | 'active' | 'completed';

/** The columns of a project that the admin writes (spec section 7). */
export interface ProjectFields {
  title: string;
  category: string;
  image: string;
  link: string;
  description: string;
  gallery: GalleryItem[];
  slug: string | null;
  detailed_description: string | null;
  technologies: string[];
  client: string | null;
  duration: string | null;
  team_size: number | null;
  status: string;
  documentation_url: string | null;
}

/** A projects row. */
export interface Project extends ProjectFields {
  id: string;
  created_at: string;
  updated_at: string;
}
