/** One picture of a project's gallery (stored in projects.gallery as JSON). */
export interface GalleryItem {
  id: string;
  title: string;
  description: string;
  image: string;
  order: number;
}

export type ProjectStatus = 'in_progress' | 'active' | 'completed';

/** A portfolio project as its public page shows it. */
export interface Project {
  id: string;
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
  created_at: string;
  updated_at: string;
}
