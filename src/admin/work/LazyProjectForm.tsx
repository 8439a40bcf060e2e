import { lazyPart } from '@/admin/kit/ui/lazy-part';

/**
 * The project editor (its tabs, the gallery editor, the page preview, the revisions) as its tab
 * mounts it at `…/new` and `…/<id>`: a chunk of its own, fetched when the address names a record
 * (kit/records/ListFormTab.tsx), never with the list.
 */
export const LazyProjectForm = lazyPart(() => import('./ProjectForm').then((m) => m.ProjectForm));
