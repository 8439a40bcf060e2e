import { describe, expect, it } from 'vitest';
import { resourceArticles } from '@/site/content/resources';
import {
  initialWheelGate,
  neighbourIndex,
  splitParagraphs,
  WHEEL_LOCK_MS,
  wheelGate,
  wheelPixels,
  type WheelGateState,
} from '@/site/pages/resources/logic';

describe('splitParagraphs', () => {
  it('splits at blank lines, trims and drops empty parts', () => {
    expect(splitParagraphs('One.\n\nTwo\nstill two.\n\n\n  \nThree.\r\n\r\nFour.\n  \t\nFive.')).toEqual([
      'One.',
      'Two\nstill two.',
      'Three.',
      'Four.',
      'Five.',
    ]);
    expect(splitParagraphs('   ')).toEqual([]);
  });

  it('every article has several paragraphs, a unique slug and a read time', () => {
    const slugs = new Set(resourceArticles.map((a) => a.slug));
    expect(slugs.size).toBe(5);
    for (const article of resourceArticles) {
      expect(splitParagraphs(article.content).length).toBeGreaterThanOrEqual(4);
      expect(article.readTime).toMatch(/^\d+ min read$/);
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('neighbourIndex', () => {
  it('steps without wrapping', () => {
    expect(neighbourIndex(0, 1, 5)).toBe(1);
    expect(neighbourIndex(4, 1, 5)).toBeNull();
    expect(neighbourIndex(0, -1, 5)).toBeNull();
    expect(neighbourIndex(3, -1, 5)).toBe(2);
  });
});

describe('wheel navigation', () => {
  const edges = { atTop: true, atBottom: true };
  const run = (events: { deltaY: number; now: number; edges?: typeof edges }[]) => {
    let state: WheelGateState = initialWheelGate;
    return events.map((e) => {
      const result = wheelGate(state, { deltaY: e.deltaY, now: e.now, edges: e.edges ?? edges });
      state = result.state;
      return result.step;
    });
  };

  it('needs a delta of at least 50 in either direction', () => {
    expect(run([{ deltaY: 49, now: 1000 }])).toEqual([0]);
    expect(run([{ deltaY: 50, now: 1000 }])).toEqual([1]);
    expect(run([{ deltaY: -49, now: 1000 }])).toEqual([0]);
    expect(run([{ deltaY: -50, now: 1000 }])).toEqual([-1]);
  });

  it('moves once per flick: events during the lock are ignored and extend it slightly', () => {
    expect(
      run([
        { deltaY: 100, now: 1000 },
        { deltaY: 100, now: 1100 },
        { deltaY: 100, now: 1000 + WHEEL_LOCK_MS - 10 },
        // still inside the extension the previous event gave
        { deltaY: 100, now: 1000 + WHEEL_LOCK_MS + 50 },
        // a new flick after a pause
        { deltaY: 100, now: 1000 + WHEEL_LOCK_MS + 400 },
      ]),
    ).toEqual([1, 0, 0, 0, 1]);
  });

  it('lets the page scroll first: moves only at the page edge in that direction', () => {
    expect(run([{ deltaY: 120, now: 1000, edges: { atTop: true, atBottom: false } }])).toEqual([0]);
    expect(run([{ deltaY: -120, now: 1000, edges: { atTop: false, atBottom: true } }])).toEqual([0]);
    expect(run([{ deltaY: -120, now: 1000, edges: { atTop: true, atBottom: false } }])).toEqual([-1]);
  });

  it('converts line and page deltas to pixels', () => {
    expect(wheelPixels(3, 1, 800)).toBe(48);
    expect(wheelPixels(4, 1, 800)).toBe(64);
    expect(wheelPixels(1, 2, 800)).toBe(800);
    expect(wheelPixels(120, 0, 800)).toBe(120);
  });
});
