import { describe, expect, it } from 'vitest';
import { isUuid, showsStatusBadge, sortGallery, statusLabel, teamSizeLabel, wrapIndex } from '@/site/pages/projects/logic';

describe('wrapIndex', () => {
  it('moves forward and back, wrapping at both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(1, 5, 3)).toBe(0);
    expect(wrapIndex(0, -4, 3)).toBe(2);
  });

  it('stays at 0 for one or no items', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('sortGallery', () => {
  it('sorts by order, keeps stored order for ties and drops items without an image', () => {
    const items = sortGallery([
      { id: 'c', title: 'C', description: '', image: '/c.svg', order: 2 },
      { id: 'a', title: 'A', description: '', image: '/a.svg', order: 0 },
      { id: 'x', title: 'X', description: '', image: '', order: 1 },
      { id: 'b1', title: 'B1', description: '', image: '/b1.svg', order: 1 },
      { id: 'b2', title: 'B2', description: '', image: '/b2.svg', order: 1 },
    ]);
    expect(items.map((i) => i.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });

  it('survives junk from the database', () => {
    expect(sortGallery(null)).toEqual([]);
    expect(sortGallery('[]')).toEqual([]);
    const [item] = sortGallery([42, { image: '/only.svg', id: 7 }]);
    expect(item).toEqual({ id: '7', title: '', description: '', alt: '', image: '/only.svg', order: 1 });
  });

  it('reads each picture\'s alt text, trimmed, and none from a non-string', () => {
    const items = sortGallery([
      { id: 'a', title: 'A', alt: '  Табло с днешните задачи ', image: '/a.jpg', order: 0 },
      { id: 'b', title: 'B', alt: 5, image: '/b.jpg', order: 1 },
    ]);
    expect(items.map((i) => i.alt)).toEqual(['Табло с днешните задачи', '']);
  });
});

describe('status', () => {
  it('labels completed, active and anything else', () => {
    expect(statusLabel('completed')).toBe('Завършен');
    expect(statusLabel('active')).toBe('Активен');
    expect(statusLabel('in_progress')).toBe('В процес');
    expect(statusLabel('paused')).toBe('В процес');
  });

  it('hides the badge only for in_progress', () => {
    expect(showsStatusBadge('in_progress')).toBe(false);
    expect(showsStatusBadge('completed')).toBe(true);
    expect(showsStatusBadge('active')).toBe(true);
  });

  it("formats the team size as '{n} човека'", () => {
    expect(teamSizeLabel(4)).toBe('4 човека');
  });
});

// a project's address is src/shared/config/addresses.ts's (tests/unit/addresses.test.ts)
describe('project ids', () => {
  it('recognises uuids', () => {
    expect(isUuid('a0000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('A0000000-0000-4000-8000-00000000000F')).toBe(true);
    expect(isUuid('crm-za-brokeri')).toBe(false);
  });
});
