import { lazyPart } from '@/admin/kit/ui/lazy-part';

/**
 * The blog user's form as its tab mounts it at `…/new` and `…/<id>`: a chunk of its own, fetched
 * when the address names a record (kit/records/ListFormTab.tsx), never with the list.
 */
export const LazyUserForm = lazyPart(() => import('./UserForm').then((m) => m.UserForm));
