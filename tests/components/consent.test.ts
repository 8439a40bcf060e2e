// The visitor's privacy choice and what it lets the site keep in the browser (issue 50): nothing
// but the choice before it and after a refusal; the first touch only after consent, the one of
// the page the visitor accepted on; a refusal removes what an acceptance kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstTouchField } from '@/site/dialogs/first-touch';
import { INQUIRY_DRAFT_KEY } from '@/site/dialogs/inquiry/schema';
import {
  chooseConsent,
  CONSENT_VERSION,
  DEVICE_KEYS,
  forgetWhatWasNotConsented,
  hasConsent,
  KEPT_WITH_CONSENT,
  onConsentChange,
  readConsent,
} from '@/site/runtime/consent';
import { arrivalTouch, carriesSource, keepFirstTouch, readFirstTouch } from '@/site/runtime/first-touch';

const NOW = new Date('2026-11-28T09:00:00.000Z');
const CAMPAIGN = '/?utm_source=x&utm_campaign=y&gclid=abc';

/** Everything this browser holds in localStorage, by key. */
function stored(): Record<string, string> {
  return Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)!]));
}

/** A page load at `path` (the address and keepFirstTouch, as src/main.tsx calls it). */
function loadPage(path: string, now = NOW) {
  window.history.replaceState(null, '', path);
  keepFirstTouch(now);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the choice', () => {
  it('is none at first; a choice is one key with what, when and under which wording', () => {
    expect(readConsent()).toBeNull();
    expect(hasConsent()).toBe(false);
    chooseConsent('accepted', NOW);
    expect(stored()).toEqual({ [DEVICE_KEYS.choice]: JSON.stringify({ choice: 'accepted', at: NOW.toISOString(), version: CONSENT_VERSION }) });
    expect(hasConsent()).toBe(true);
    chooseConsent('refused', NOW);
    expect(readConsent()).toMatchObject({ choice: 'refused' });
    expect(hasConsent()).toBe(false);
  });

  it('reads a value it does not know, or one given under another wording, as no choice', () => {
    for (const value of ['{not json', 'null', '{"choice":"yes","at":"2026-11-28T09:00:00.000Z","version":1}', JSON.stringify({ choice: 'accepted', at: NOW.toISOString(), version: CONSENT_VERSION - 1 })]) {
      localStorage.setItem(DEVICE_KEYS.choice, value);
      expect(readConsent(), value).toBeNull();
      expect(hasConsent(), value).toBe(false);
    }
  });

  it('where storage throws, nothing fails and the choice holds for the open page', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readConsent()).toBeNull();
    expect(chooseConsent('accepted', NOW).choice).toBe('accepted');
    expect(hasConsent()).toBe(true);
    loadPage(CAMPAIGN);
    expect(readFirstTouch(NOW)).toBeNull();
    expect(firstTouchField().first_touch).toMatchObject({ utm_campaign: 'y' });
  });

  it('tells its listeners, here and when another tab of the site chooses', () => {
    const heard: (string | undefined)[] = [];
    const stop = onConsentChange((record) => heard.push(record?.choice));
    chooseConsent('accepted', NOW);
    // another tab refused: the storage event says the key changed
    localStorage.setItem(DEVICE_KEYS.choice, JSON.stringify({ choice: 'refused', at: NOW.toISOString(), version: CONSENT_VERSION }));
    window.dispatchEvent(new StorageEvent('storage', { key: DEVICE_KEYS.choice }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    stop();
    chooseConsent('accepted', NOW);
    expect(heard).toEqual(['accepted', 'refused']);
  });

  it('keeps, with consent, exactly the first touch and the inquiry draft', () => {
    expect([...KEPT_WITH_CONSENT].sort()).toEqual([DEVICE_KEYS.firstTouch, INQUIRY_DRAFT_KEY].sort());
  });
});

describe('the first touch', () => {
  it('is not kept before a choice: the page remembers its arrival in memory, and a form sends it', () => {
    loadPage(CAMPAIGN);
    expect(stored()).toEqual({});
    expect(readFirstTouch(NOW)).toBeNull();
    expect(arrivalTouch()).toEqual({ utm_source: 'x', utm_campaign: 'y', gclid: true, landing_path: '/', at: NOW.toISOString() });
    expect(firstTouchField()).toEqual({ first_touch: arrivalTouch() });
  });

  it('accepted on the page the visitor landed on: that page is kept, and stays the first touch on later pages', () => {
    loadPage(CAMPAIGN);
    chooseConsent('accepted', NOW);
    const landing = { utm_source: 'x', utm_campaign: 'y', gclid: true, landing_path: '/', at: NOW.toISOString() };
    expect(JSON.parse(localStorage.getItem(DEVICE_KEYS.firstTouch)!)).toEqual(landing);
    // two pages later, without tags (and one from another campaign): the form still says where the visit began
    const later = new Date(NOW.getTime() + 60_000);
    loadPage('/blog', later);
    loadPage('/resources?utm_source=linkedin', later);
    expect(firstTouchField()).toEqual({ first_touch: landing });
  });

  it('after consent on an earlier visit, a new visit is kept on its first page', () => {
    chooseConsent('accepted', NOW);
    loadPage('/blog?utm_source=newsletter');
    expect(JSON.parse(localStorage.getItem(DEVICE_KEYS.firstTouch)!)).toMatchObject({ utm_source: 'newsletter', landing_path: '/blog' });
  });

  it('refused afterwards, from the footer: the kept touch and drafts go, and a form carries this page only', () => {
    loadPage(CAMPAIGN);
    chooseConsent('accepted', NOW);
    localStorage.setItem(INQUIRY_DRAFT_KEY, '{"message":"Здравейте"}');
    localStorage.setItem('sinaptika-auth-token', 'the admin’s session, not the site’s');
    loadPage('/resources?utm_source=linkedin&utm_campaign=zima');
    chooseConsent('refused', NOW);
    expect(Object.keys(stored()).sort()).toEqual([DEVICE_KEYS.choice, 'sinaptika-auth-token']);
    expect(firstTouchField().first_touch).toEqual({ utm_source: 'linkedin', utm_campaign: 'zima', landing_path: '/resources', at: NOW.toISOString() });
  });

  it('what a visitor who never chose holds from before the bar is removed, never read; an acceptance keeps its own', () => {
    localStorage.setItem(DEVICE_KEYS.firstTouch, JSON.stringify({ utm_source: 'old', landing_path: '/', at: NOW.toISOString() }));
    localStorage.setItem(INQUIRY_DRAFT_KEY, '{}');
    expect(readFirstTouch(NOW)).toBeNull();
    forgetWhatWasNotConsented();
    expect(stored()).toEqual({});

    loadPage(CAMPAIGN);
    chooseConsent('accepted', NOW);
    forgetWhatWasNotConsented();
    expect(Object.keys(stored()).sort()).toEqual([DEVICE_KEYS.firstTouch, DEVICE_KEYS.choice].sort());
  });

  it('a source worth keeping is a campaign tag, a click id or another site; not a bare landing page', () => {
    expect(carriesSource({ landing_path: '/', at: NOW.toISOString() })).toBe(false);
    expect(carriesSource({ referrer: 'www.google.com', landing_path: '/', at: NOW.toISOString() })).toBe(true);
    expect(carriesSource({ fbclid: true, landing_path: '/', at: NOW.toISOString() })).toBe(true);
    expect(carriesSource(null)).toBe(false);
  });
});
