import { lazyPart } from '@/admin/kit/ui/lazy-part';

/**
 * The client's form (with the logo's upload) as its tab mounts it at `…/new` and `…/<id>`: a chunk
 * of its own, fetched when the address names a record (kit/records/ListFormTab.tsx), never with the list.
 */
export const LazyClientForm = lazyPart(() => import('./ClientForm').then((m) => m.ClientForm));
