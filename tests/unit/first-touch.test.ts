import { describe, expect, it } from 'vitest';
import { describeFirstTouch, validFirstTouch } from '@/shared/domain/first-touch';
import { touchOf } from '@/site/runtime/first-touch';

// Where a visit came from, as the browser keeps it and the database accepts it (the same rules as
// private.first_touch_problem; tests/backend/leads.ts proves the database's side).
const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('touchOf', () => {
  it('keeps the campaign tags, whether a click id was there, the other site and the landing path; never the query string', () => {
    const touch = touchOf(
      'https://sinaptika.example/blog/ai?utm_source=newsletter&utm_medium=email&utm_campaign=%D0%B5%D1%81%D0%B5%D0%BD&gclid=Cj0KCQ&email=a@b.example',
      'https://www.Google.com/search?q=ai',
      NOW,
    );
    expect(touch).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'есен',
      gclid: true,
      referrer: 'www.google.com',
      landing_path: '/blog/ai',
      at: '2026-11-27T10:00:00.000Z',
    });
    expect(JSON.stringify(touch)).not.toContain('Cj0KCQ');
    expect(JSON.stringify(touch)).not.toContain('a@b.example');
  });

  it('a direct visit, or one from a page of this site, has no referrer; tags are tidied and cut to 100 characters', () => {
    const touch = touchOf(`https://sinaptika.example/?utm_source=${'x'.repeat(150)}&utm_term=%20%0Aai%20`, 'https://sinaptika.example/blog', NOW);
    expect(touch).toEqual({ utm_source: 'x'.repeat(100), utm_term: 'ai', landing_path: '/', at: NOW.toISOString() });
  });

  it("a booking's or a data request's private link and the admin's pages are no first touch", () => {
    expect(touchOf('https://sinaptika.example/booking/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '', NOW)).toBeNull();
    for (const path of ['/login', '/blog-admin/posts', '/work-admin', '/blog-admin/preview/post/1', '/lichni-danni/potvardi/abc']) expect(touchOf(`https://sinaptika.example${path}`, '', NOW)).toBeNull();
    expect(touchOf('https://sinaptika.example/lichni-danni', '', NOW)).not.toBeNull();
    expect(touchOf('https://sinaptika.example/blog-admin-tips', '', NOW)).not.toBeNull();
  });
});

describe('validFirstTouch', () => {
  const base = { landing_path: '/', at: '2026-11-20T10:00:00.000Z' };
  it('takes a touch within 90 days with the known keys', () => {
    expect(validFirstTouch({ ...base, utm_source: 'x', fbclid: true }, NOW)).toEqual({ ...base, utm_source: 'x', fbclid: true });
    // filled by the database from the same day's visit
    expect(validFirstTouch({ ...base, referrer: 'google.com', via: 'visit' }, NOW)).toEqual({ ...base, referrer: 'google.com', via: 'visit' });
  });
  it.each([
    ['an unknown key', { ...base, email: 'a@b.example' }],
    ['a click id itself', { ...base, gclid: 'abc' }],
    ['a path with a query', { ...base, landing_path: '/?a=1' }],
    ['a referrer that is an address', { ...base, referrer: 'https://x.example/' }],
    ['an old touch', { ...base, at: '2026-08-01T10:00:00.000Z' }],
    ['no landing path', { at: base.at }],
    ['a list', [base]],
    ['another way than a visit', { ...base, via: 'browser' }],
  ])('refuses %s', (_, value) => {
    expect(validFirstTouch(value, NOW)).toBeNull();
  });
});

describe('describeFirstTouch', () => {
  it('names the source and medium, from the tags, else the click id or the referring site, else direct', () => {
    expect(describeFirstTouch({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'есен', landing_path: '/blog', at: '' })).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'есен',
      landing: '/blog',
      sameDayVisit: false,
    });
    expect(describeFirstTouch({ gclid: true, landing_path: '/', at: '' })).toMatchObject({ source: 'google', medium: 'cpc' });
    expect(describeFirstTouch({ referrer: 'www.linkedin.com', landing_path: '/', at: '' })).toMatchObject({ source: 'www.linkedin.com', medium: 'referral' });
    expect(describeFirstTouch({ landing_path: '/', at: '' })).toMatchObject({ source: '(директно)', medium: '', sameDayVisit: false });
    // the database's attribution by the same day's visit (no first touch kept in the browser)
    expect(describeFirstTouch({ utm_source: 'linkedin', landing_path: '/', at: '', via: 'visit' })).toMatchObject({ source: 'linkedin', sameDayVisit: true });
    expect(describeFirstTouch(null)).toEqual({ source: '', medium: '', campaign: '', landing: '', sameDayVisit: false });
  });
});
