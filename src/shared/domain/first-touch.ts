/*
 * The first touch: where the visit that later wrote an inquiry or booked came from, as the browser
 * kept it (src/site/runtime/first-touch.ts) and the database stores it with the row
 * (contact_submissions.first_touch, appointments.first_touch; private.first_touch_problem checks
 * the same rules). For reporting only: never who the visitor is.
 */

/** The campaign tags kept, as the address names them. */
export const CAMPAIGN_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type CampaignTag = (typeof CAMPAIGN_TAGS)[number];

/** The ad networks' click ids: only whether the address carried one. */
export const CLICK_IDS = ['gclid', 'fbclid'] as const;
export type ClickId = (typeof CLICK_IDS)[number];

export type FirstTouch = Partial<Record<CampaignTag, string>> &
  Partial<Record<ClickId, boolean>> & {
    /** The referring site's host, when it was another site. */
    referrer?: string;
    /** The path of the first page (no query string). */
    landing_path: string;
    /** When (ISO 8601). */
    at: string;
    /**
     * 'visit': the browser kept none, and the database filled it from the visitor's measured
     * visit the same day (supabase/migrations/20261129001100_insights.sql, private.visit_touch).
     */
    via?: 'visit';
  };

/** The longest campaign tag kept, and the longest landing path. */
export const TAG_MAX_LENGTH = 100;
export const PATH_MAX_LENGTH = 300;
/** How long a first touch is kept in the browser. */
export const FIRST_TOUCH_DAYS = 90;

const HOST = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/;
const PATH = /^\/[^?#\s\p{Cc}]*$/u;
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The first touch as it may be stored (the database's rules), or null when it may not. */
export function validFirstTouch(value: unknown, now: Date): FirstTouch | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const touch = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(touch)) {
    if ((CAMPAIGN_TAGS as readonly string[]).includes(key)) {
      if (typeof field !== 'string' || field.length < 1 || field.length > TAG_MAX_LENGTH || CONTROL.test(field)) return null;
    } else if ((CLICK_IDS as readonly string[]).includes(key)) {
      if (typeof field !== 'boolean') return null;
    } else if (key === 'referrer') {
      if (typeof field !== 'string' || !HOST.test(field)) return null;
    } else if (key === 'landing_path') {
      if (typeof field !== 'string' || field.length > PATH_MAX_LENGTH || !PATH.test(field)) return null;
    } else if (key === 'via') {
      if (field !== 'visit') return null;
    } else if (key !== 'at') {
      return null;
    }
  }
  const at = typeof touch.at === 'string' ? Date.parse(touch.at) : NaN;
  if (typeof touch.landing_path !== 'string' || Number.isNaN(at)) return null;
  if (at < now.getTime() - FIRST_TOUCH_DAYS * 86_400_000 || at > now.getTime() + 3_600_000) return null;
  return touch as FirstTouch;
}

/**
 * The report's words for the first touch: where from (source / medium), the campaign, the first
 * page, and whether the database took it from the sender's visit of that day (`via: 'visit'`: the
 * visitor kept nothing, so the source is that day's first visit, not a 90-day first touch).
 */
export function describeFirstTouch(
  touch: FirstTouch | null | undefined,
): { source: string; medium: string; campaign: string; landing: string; sameDayVisit: boolean } {
  if (!touch) return { source: '', medium: '', campaign: '', landing: '', sameDayVisit: false };
  const clicked = touch.gclid ? 'google' : touch.fbclid ? 'facebook' : '';
  return {
    source: touch.utm_source ?? (clicked || touch.referrer || '(директно)'),
    medium: touch.utm_medium ?? (clicked ? 'cpc' : touch.referrer ? 'referral' : ''),
    campaign: touch.utm_campaign ?? '',
    landing: touch.landing_path,
    sameDayVisit: touch.via === 'visit',
  };
}
