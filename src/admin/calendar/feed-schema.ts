/*
 * The rules of a new private calendar feed ('Календари за заетост', public.add_calendar_feed) as a
 * zod schema with its Bulgarian messages, the texts of the section, and which field a refusal of
 * the database belongs to (migration 20261128001100_consultant_calendar.sql).
 */
import * as z from 'zod/mini';
import { hintOf } from '@/shared/db/errors';

/** private.calendar_feeds: a label of 1 to 80 characters, an address of at most 2048, an owner's e-mail of at most 254. */
export const FEED_LABEL_MAX = 80;
export const FEED_URL_MAX = 2048;
export const FEED_OWNER_MAX = 254;
/** How many feeds the database keeps (private.calendar_feed_limit()). */
export const FEED_LIMIT = 10;

export const feedText = {
  labelRequired: `Дайте име на календара (до ${FEED_LABEL_MAX} знака).`,
  urlRequired: 'Въведете адреса на календара във формат iCal (.ics).',
  urlHttps: 'Адресът на календара трябва да започва с https://.',
  ownerInvalid: 'Въведете имейл адреса, с който сте в този календар, или оставете полето празно.',
  loading: 'Зареждане на календарите...',
  loadFailed: 'Неуспешно зареждане на календарите за заетост.',
  added: 'Календарът е добавен',
  addedText: 'Първата синхронизация започна: резултатът ще се появи тук до минута.',
  addFailed: 'Неуспешно добавяне на календара.',
  removed: 'Календарът е премахнат',
  removeFailed: 'Неуспешно премахване на календара.',
  switchedOn: 'Календарът е включен',
  switchedOnText: 'Синхронизацията му започна.',
  switchedOff: 'Календарът е изключен',
  switchedOffText: 'Заетите му периоди вече не спират часове.',
  switchFailed: 'Неуспешна промяна на календара.',
  syncStarted: 'Синхронизацията започна',
  syncStartedText: 'Резултатът ще се появи тук до минута.',
  syncNotStarted: 'Синхронизацията не започна',
  syncTooSoon: 'Последната синхронизация започна преди по-малко от минута. Опитайте отново след малко.',
  syncNothing: 'Няма включени календари за синхронизиране.',
  syncFailed: 'Неуспешно пускане на синхронизацията.',
} as const;

const WHITESPACE = /\s/;
/**
 * What public.add_calendar_feed takes (private.normalized_feed_url): https://, webcal:// or
 * webcals:// (read as https://), or plain http:// to this machine only (the local stand-in's
 * fixtures).
 */
const FEED_URL = /^(https|webcals?):\/\/[^\s/?#@]+(\/\S*)?$/i;
const LOOPBACK_URL = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?(\/\S*)?$/i;

/** The message of a typed address, or undefined when the database would take it. */
export function feedUrlError(value: string): string | undefined {
  const url = value.trim();
  if (url === '' || url.length > FEED_URL_MAX || WHITESPACE.test(url)) return feedText.urlRequired;
  if (!FEED_URL.test(url) && !LOOPBACK_URL.test(url)) return feedText.urlHttps;
  return undefined;
}

/** private.normalized_owner_email: empty, or one address (compared in lower case). */
const OWNER = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

export function feedOwnerError(value: string): string | undefined {
  const owner = value.trim();
  if (owner === '') return undefined;
  return owner.length > FEED_OWNER_MAX || !OWNER.test(owner) ? feedText.ownerInvalid : undefined;
}

export const feedSchema = z.object({
  label: z.string().check(z.refine((value) => value.trim().length >= 1 && value.trim().length <= FEED_LABEL_MAX, feedText.labelRequired)),
  url: z.string().check(
    z.superRefine((value, ctx) => {
      const message = feedUrlError(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  ),
  owner: z.string().check(
    z.superRefine((value, ctx) => {
      const message = feedOwnerError(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  ),
});

export type FeedFormValues = z.infer<typeof feedSchema>;

export const EMPTY_FEED: FeedFormValues = { label: '', url: '', owner: '' };

/** What add_calendar_feed is called with (the owner's address only when one was given). */
export function feedInput(values: FeedFormValues): { label: string; url: string; owner_email?: string } {
  const owner = values.owner.trim().toLowerCase();
  return { label: values.label.trim(), url: values.url.trim(), ...(owner ? { owner_email: owner } : {}) };
}

/**
 * Where add_calendar_feed's refusal belongs: its hint names it (the label, the address, a
 * calendar added already) and its message says it in Bulgarian; the limit of feeds belongs to the
 * whole form. Null for an error of another kind.
 */
export function feedRefusal(error: unknown): { field: keyof FeedFormValues | null; message: string } | null {
  const hint = hintOf(error);
  const raw = (error as { message?: unknown } | null)?.message;
  const message = typeof raw === 'string' ? raw.trim() : '';
  switch (hint) {
    case 'calendar_feed_label':
      return { field: 'label', message: message || feedText.labelRequired };
    case 'calendar_feed_url':
      return { field: 'url', message: message || feedText.urlRequired };
    case 'calendar_feed_duplicate':
      return { field: 'url', message: message || 'Този календар вече е добавен.' };
    case 'calendar_feed_owner':
      return { field: 'owner', message: message || feedText.ownerInvalid };
    case 'calendar_feed_limit':
      return { field: null, message: message || `Може да добавите до ${FEED_LIMIT} календара.` };
    default:
      return null;
  }
}

/**
 * What a sync left out, for one reason (supabase/functions/calendar-sync/skipped.ts), as the tab
 * says it; a reason this panel does not know yet is said in general words.
 */
const SKIP_REASONS: Record<string, string> = {
  unreadable: 'Събития, които не следват формата iCalendar',
  no_start: 'Събития без начало (DTSTART)',
  invalid_date: 'Събития с невалидна дата или час',
  invalid_zone: 'Часови зони, които не могат да бъдат прочетени (събитията в тях са прочетени по името на зоната или като местно време)',
  end_before_start: 'Събития, които свършват, преди да започнат',
  invalid_duration: 'Събития с невалидна продължителност (DURATION)',
  invalid_rule: 'Събития с невалидно правило за повторение (RRULE)',
  too_long: 'Събития, по-дълги от 31 дни (за по-дълго отсъствие добавете почивни дни)',
  too_many_occurrences: 'Повтарящи се събития с повече от 2000 повторения в синхронизирания период',
  endless_rule: 'Повтарящи се събития, чието правило не може да бъде разгърнато (повтаря се твърде често или никога не съвпада)',
  too_complex: 'Повтарящи се събития, за които не стигна времето за разгръщане',
  too_many_events: 'Събития над 5000 в синхронизирания период',
  too_many_blocks: 'Заети периоди над 5000 (най-късните)',
};

/** "Събития с невалидна дата или час: 2 (първото от 05.01.2027 г.)". */
export function skippedText({ reason, count, first }: { reason: string; count: number; first: string | null }): string {
  const label = SKIP_REASONS[reason] ?? 'Други пропуснати събития';
  const m = first ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(first) : null;
  return `${label}: ${count}${m ? ` (${count === 1 ? 'от' : 'първото от'} ${m[3]}.${m[2]}.${m[1]} г.)` : ''}`;
}
