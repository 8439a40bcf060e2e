/*
 * CSV export of the subscribers' consent records, in the kit's CSV form (src/admin/kit/formats/csv.ts).
 */
import { CSV_BOM, csvDateTime, pad, toCsv } from '@/admin/kit/formats/csv';
import type { SubscriberConsents } from './api';
import { stateText } from './words';

export const CONSENT_CSV_HEADER = ['Имейл', 'Състояние', 'Дадено на', 'Страница', 'Версия на текста', 'Текст', 'Потвърдено на', 'Отписан на'] as const;

/**
 * The whole file: byte-order mark, header and one record per consent (a subscriber's sign-ups,
 * oldest first), the subscribers in the given order. A subscriber without a consent record still
 * gets a line, its consent fields empty: the file shows that the record is missing.
 */
export function consentsCsv(subscribers: readonly SubscriberConsents[], options: { timeZone?: string } = {}): string {
  const at = (iso: string | null | undefined) => csvDateTime(iso, options.timeZone);
  const records = subscribers.flatMap((subscriber) => {
    const head = [subscriber.email, stateText(subscriber)];
    const unsubscribed = at(subscriber.unsubscribed_at);
    const consents = [...subscriber.newsletter_consents].sort((a, b) => Date.parse(a.given_at) - Date.parse(b.given_at));
    if (consents.length === 0) return [[...head, '', '', '', '', '', unsubscribed]];
    return consents.map((consent) => [...head, at(consent.given_at), consent.page, consent.wording_version, consent.wording, at(consent.confirmed_at), unsubscribed]);
  });
  return CSV_BOM + toCsv([CONSENT_CSV_HEADER, ...records]) + '\r\n';
}

/** How many consent records the file holds (a subscriber without one counts none). */
export function consentCount(subscribers: readonly SubscriberConsents[]): number {
  return subscribers.reduce((sum, subscriber) => sum + subscriber.newsletter_consents.length, 0);
}

/** 'abonati-saglasia-2026-12-04.csv' for the viewer's local date. */
export function consentsCsvFileName(now: Date = new Date()): string {
  return `abonati-saglasia-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
