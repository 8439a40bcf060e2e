import { lazyPart } from '@/admin/kit/ui/lazy-part';

/**
 * The post editor (its tabs, the markdown preview, the page preview, the revisions, the schedule)
 * as its tab mounts it at `…/new` and `…/<id>`: a chunk of its own, fetched when the address names
 * a record (kit/records/ListFormTab.tsx), never with the list.
 */
export const LazyPostForm = lazyPart(() => import('./PostForm').then((m) => m.PostForm));
