import { lazyPart } from '@/admin/kit/ui/lazy-part';

/**
 * A contact's page (timeline, notes, merge, erasure) as its tab mounts it at `…/<id>`: a chunk of
 * its own, fetched when the address names a contact (kit/records/ListFormTab.tsx), never with the list.
 */
export const LazyContactPage = lazyPart(() => import('./ContactPage').then((m) => m.ContactPage));
