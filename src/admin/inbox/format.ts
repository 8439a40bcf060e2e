/*
 * Presentation helpers of the inbox: dates and times in Bulgarian, contact links, and whether the
 * team chat missed a row.
 */
import { formatDateBg, toDate } from '@/shared/domain/dates';
import { formatterFor } from '../kit/formats/formatters';
import { formatSlotDateTimeBg } from './slot-format';
import { isValidEmail } from '@/shared/forms/validation';
import type { ChatDelivery } from './types';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** 'HH:mm' in the viewer's time zone (or the given one). */
export function formatTimeBg(iso: string, timeZone?: string): string {
  const date = toDate(iso);
  if (!date) return '';
  return formatterFor(timeFormats, timeZone, () =>
    new Intl.DateTimeFormat('bg-BG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  ).format(date);
}

/** When an inquiry arrived: '22 ноември 2026 г., 14:05'. */
export function formatReceivedBg(iso: string, timeZone?: string): string {
  const date = toDate(iso);
  if (!date) return '';
  const day = timeZone
    ? new Intl.DateTimeFormat('bg-BG', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date)
    : formatDateBg(date);
  return `${day}, ${formatTimeBg(iso, timeZone)}`;
}

/** A booking's slot: 'понеделник, 23 ноември 2026 г. в 10:00'. */
export function formatSlotBg(iso: string, timeZone?: string): string {
  const date = toDate(iso);
  return date ? formatSlotDateTimeBg(date, timeZone) : '';
}

/** 'tel:+359888123456' for '+359 888 123 456'; null when there is no number. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

/**
 * 'mailto:…' for a plain address; null when there is none or it is not plain. Each part is
 * percent-encoded, so nothing a visitor typed can add a query ('?bcc=…'), a second recipient or a
 * header to the reply.
 */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  if (!isValidEmail(address)) return null;
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/** What the inbox says when the database reported a failure without a reason. */
export const UNKNOWN_CHAT_ERROR = 'неизвестна причина';

/**
 * Why the team chat has not received a row: the last error while the database reports failures and
 * no success, else null. A row not reported either way yet (the job runs every minute, and nothing
 * is sent without a configured chat) is not a failure.
 */
export function chatDeliveryError({ notified_at, notify_error }: ChatDelivery): string | null {
  if (notified_at || notify_error === null || notify_error === undefined) return null;
  return notify_error.trim() || UNKNOWN_CHAT_ERROR;
}
