import type { GalleryItem } from '@/shared/domain/projects';
/*
 * The project gallery's rules, free of React: items are kept sorted by
 * `order`, and every change (add, edit, move, delete) leaves `order` numbered 0, 1, 2, ... in list
 * order. A new item's id is a timestamp string.
 */

export type { GalleryItem };

/** What the item dialog edits of an item (gallery-item-schema.ts checks it). */
export type GalleryDraft = Pick<GalleryItem, 'title' | 'description' | 'image' | 'alt'>;

export const galleryText = {
  required: 'Моля попълнете заглавие и изображение',
  altMissing: 'Няма алтернативен текст: редактирайте елемента и опишете изображението.',
  uploadFailed: 'Грешка при качване на изображението',
  uploaded: 'Изображението е качено успешно!',
  added: 'Елементът е добавен успешно!',
  edited: 'Елементът е редактиран успешно!',
  deleted: 'Елементът е изтрит успешно!',
} as const;

/** The items in list order with `order` renumbered from 0. */
export function renumber(items: readonly GalleryItem[]): GalleryItem[] {
  return items.map((item, index) => (item.order === index ? item : { ...item, order: index }));
}

/**
 * The gallery as stored (JSON from the database, so not trusted) as items sorted by `order`
 * (stored position breaks ties and stands in for a missing order), entries without an image
 * dropped, then renumbered from 0. An item stored without alt text reads as '' (its dialog asks for it).
 */
export function galleryFromStored(raw: unknown): GalleryItem[] {
  if (!Array.isArray(raw)) return [];
  const items: { item: GalleryItem; position: number }[] = [];
  raw.forEach((entry: unknown, position) => {
    if (!entry || typeof entry !== 'object') return;
    const e = entry as Record<string, unknown>;
    const image = typeof e.image === 'string' ? e.image.trim() : '';
    if (!image) return;
    const id = typeof e.id === 'string' || typeof e.id === 'number' ? String(e.id) : '';
    items.push({
      position,
      item: {
        id: id || `${position}`,
        title: typeof e.title === 'string' ? e.title : '',
        description: typeof e.description === 'string' ? e.description : '',
        image,
        alt: typeof e.alt === 'string' ? e.alt : '',
        order: typeof e.order === 'number' && Number.isFinite(e.order) ? e.order : position,
      },
    });
  });
  items.sort((a, b) => a.item.order - b.item.order || a.position - b.position);
  return renumber(items.map((x) => x.item));
}

/**
 * Moves the item at `index` one place up (-1) or down (+1) by swapping it with its neighbour,
 * then renumbers. Moving the first item up or the last one down changes nothing.
 */
export function moveItem(items: readonly GalleryItem[], index: number, direction: -1 | 1): GalleryItem[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return renumber(items);
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return renumber(next);
}

/** Removes the item with this id and renumbers the rest. */
export function removeItem(items: readonly GalleryItem[], id: string): GalleryItem[] {
  return renumber(items.filter((item) => item.id !== id));
}

/** A new id: the current timestamp as a string, moved on by a millisecond while it is taken. */
export function newGalleryId(items: readonly GalleryItem[], now: number = Date.now()): string {
  const taken = new Set(items.map((item) => item.id));
  let stamp = Math.floor(now);
  while (taken.has(String(stamp))) stamp += 1;
  return String(stamp);
}

/** Adds a new item at the end (id from the timestamp, order = its position). */
export function addItem(items: readonly GalleryItem[], draft: GalleryDraft, now: number = Date.now()): GalleryItem[] {
  const item: GalleryItem = {
    id: newGalleryId(items, now),
    title: draft.title.trim(),
    description: draft.description.trim(),
    image: draft.image.trim(),
    alt: draft.alt.trim(),
    order: items.length,
  };
  return renumber([...items, item]);
}

/** Replaces the title, description, image and alt text of the item with this id, keeping its place. */
export function editItem(items: readonly GalleryItem[], id: string, draft: GalleryDraft): GalleryItem[] {
  return renumber(
    items.map((item) =>
      item.id === id
        ? { ...item, title: draft.title.trim(), description: draft.description.trim(), image: draft.image.trim(), alt: draft.alt.trim() }
        : item,
    ),
  );
}

/** True when an item still lacks its alt text (stored before it was required). */
export const lacksAlt = (item: Pick<GalleryItem, 'alt'>): boolean => !item.alt.trim();
