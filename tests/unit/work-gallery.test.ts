import { describe, expect, it } from 'vitest';
import {
  addItem,
  editItem,
  galleryFromStored,
  lacksAlt,
  moveItem,
  newGalleryId,
  removeItem,
  renumber,
  type GalleryItem,
} from '@/admin/work/gallery';
import { canSaveDraft, galleryItemSchema } from '@/admin/work/gallery-item-schema';

const item = (id: string, order: number): GalleryItem => ({ id, title: `T${id}`, description: '', image: `/img/${id}.png`, alt: `A${id}`, order });
const three = [item('a', 0), item('b', 1), item('c', 2)];
const shape = (items: GalleryItem[]) => items.map((i) => `${i.id}${i.order}`).join(' ');

describe('gallery reorder', () => {
  it('moving down swaps with the next item and renumbers from 0', () => {
    expect(shape(moveItem(three, 0, 1))).toBe('b0 a1 c2');
    expect(shape(moveItem(three, 1, 1))).toBe('a0 c1 b2');
  });

  it('moving up swaps with the previous item', () => {
    expect(shape(moveItem(three, 2, -1))).toBe('a0 c1 b2');
    expect(shape(moveItem(three, 1, -1))).toBe('b0 a1 c2');
  });

  it('the first item cannot go up and the last cannot go down', () => {
    expect(shape(moveItem(three, 0, -1))).toBe('a0 b1 c2');
    expect(shape(moveItem(three, 2, 1))).toBe('a0 b1 c2');
    expect(shape(moveItem(three, 7, 1))).toBe('a0 b1 c2');
  });

  it('renumbers even when the stored order had gaps', () => {
    expect(shape(moveItem([item('a', 4), item('b', 9), item('c', 20)], 0, 1))).toBe('b0 a1 c2');
    expect(shape(renumber([item('x', 5), item('y', 5)]))).toBe('x0 y1');
  });

  it('does not change the list it was given', () => {
    const copy = structuredClone(three);
    moveItem(three, 0, 1);
    removeItem(three, 'b');
    expect(three).toEqual(copy);
  });
});

describe('gallery delete', () => {
  it('removes the item and renumbers the rest from 0', () => {
    expect(shape(removeItem(three, 'a'))).toBe('b0 c1');
    expect(shape(removeItem(three, 'b'))).toBe('a0 c1');
    expect(shape(removeItem(three, 'nope'))).toBe('a0 b1 c2');
  });
});

describe('gallery add and edit', () => {
  it('adds at the end with a timestamp id and the next order', () => {
    const next = addItem(three, { title: ' Нова ', description: ' d ', image: ' /n.png ', alt: ' Нов екран ' }, 1_732_000_000_000);
    expect(next[3]).toEqual({ id: '1732000000000', title: 'Нова', description: 'd', image: '/n.png', alt: 'Нов екран', order: 3 });
  });

  it('never repeats an id, even within one millisecond', () => {
    const first = addItem([], { title: 'a', description: '', image: '/a.png', alt: 'A' }, 1000);
    const second = addItem(first, { title: 'b', description: '', image: '/b.png', alt: 'B' }, 1000);
    expect(second.map((i) => i.id)).toEqual(['1000', '1001']);
    expect(newGalleryId(second, 1000)).toBe('1002');
  });

  it('edits in place, keeping the id and the order', () => {
    const next = editItem(three, 'b', { title: 'Ново заглавие', description: 'Описание', image: '/new.png', alt: ' Нов екран ' });
    expect(next[1]).toEqual({ id: 'b', title: 'Ново заглавие', description: 'Описание', image: '/new.png', alt: 'Нов екран', order: 1 });
    expect(shape(next)).toBe('a0 b1 c2');
  });

  it('saves only with a title, an image and its alt text', () => {
    expect(canSaveDraft({ title: 'a', description: '', image: '/a.png', alt: 'Екран' })).toBe(true);
    expect(canSaveDraft({ title: '  ', description: 'x', image: '/a.png', alt: 'Екран' })).toBe(false);
    expect(canSaveDraft({ title: 'a', description: 'x', image: '', alt: 'Екран' })).toBe(false);
    expect(canSaveDraft({ title: 'a', description: 'x', image: '/a.png', alt: '  ' })).toBe(false);
    const refused = galleryItemSchema.safeParse({ title: ' ', description: '', image: '', alt: '' });
    expect(refused.success ? [] : refused.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', 'Моля попълнете заглавие и изображение'],
      ['image', 'Моля попълнете заглавие и изображение'],
      ['alt', 'Опишете изображението (алтернативен текст).'],
    ]);
  });
});

describe('the stored gallery', () => {
  it('is sorted by order, drops entries without an image, and is renumbered', () => {
    const stored = [
      { id: 3, title: 'c', description: 'x', image: '/c.png', alt: 'C', order: 10 },
      { id: '1', title: 'a', image: '/a.png', alt: 'A', order: 2 },
      { id: '2', title: 'no image', image: '  ', order: 0 },
      'junk',
      { title: 'no order', image: '/d.png', alt: 'D' },
    ];
    expect(galleryFromStored(stored)).toEqual([
      { id: '1', title: 'a', description: '', image: '/a.png', alt: 'A', order: 0 },
      { id: '4', title: 'no order', description: '', image: '/d.png', alt: 'D', order: 1 },
      { id: '3', title: 'c', description: 'x', image: '/c.png', alt: 'C', order: 2 },
    ]);
    expect(galleryFromStored(null)).toEqual([]);
    expect(galleryFromStored({})).toEqual([]);
  });

  it('reads an item stored without alt text (or with one that is not text) as lacking it', () => {
    const [old, odd] = galleryFromStored([
      { id: '1', title: 'a', image: '/a.png', order: 0 },
      { id: '2', title: 'b', image: '/b.png', alt: 7, order: 1 },
    ]);
    expect([old.alt, odd.alt]).toEqual(['', '']);
    expect(lacksAlt(old)).toBe(true);
    expect(lacksAlt({ alt: '  ' })).toBe(true);
    expect(lacksAlt(item('a', 0))).toBe(false);
  });
});
