/* Pure helpers of the public project page: gallery order and wrapping, status labels. */
import type { GalleryItem } from './types';

/** An index moved by `step` inside a list of `total` items, wrapping at both ends. */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/**
 * The gallery as stored (JSON from the database, so not trusted) turned into items sorted by
 * `order`: entries without an image are dropped, a missing order keeps the stored position, and
 * equal orders keep their stored sequence.
 */
export function sortGallery(raw: unknown): GalleryItem[] {
  if (!Array.isArray(raw)) return [];
  const items: { item: GalleryItem; position: number }[] = [];
  raw.forEach((entry, position) => {
    if (!entry || typeof entry !== 'object') return;
    const e = entry as Record<string, unknown>;
    const image = typeof e.image === 'string' ? e.image.trim() : '';
    if (!image) return;
    const order = typeof e.order === 'number' && Number.isFinite(e.order) ? e.order : position;
    items.push({
      position,
      item: {
        id: typeof e.id === 'string' || typeof e.id === 'number' ? String(e.id) : `item-${position}`,
        title: typeof e.title === 'string' ? e.title : '',
        description: typeof e.description === 'string' ? e.description : '',
        alt: typeof e.alt === 'string' ? e.alt.trim() : '',
        image,
        order,
      },
    });
  });
  return items.sort((a, b) => a.item.order - b.item.order || a.position - b.position).map((x) => x.item);
}

/** The status badge's text: completed 'Завършен', active 'Активен', any other 'В процес'. */
export function statusLabel(status: string): string {
  if (status === 'completed') return 'Завършен';
  if (status === 'active') return 'Активен';
  return 'В процес';
}

/** The badge is hidden while a project is in progress. */
export function showsStatusBadge(status: string): boolean {
  return status !== 'in_progress';
}

/** The team size line: '4 човека'. */
export function teamSizeLabel(size: number): string {
  return `${size} човека`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a URL parameter that may be a project id rather than a slug. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

