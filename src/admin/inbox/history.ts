/*
 * A booking's history (the booking_history function) as the inbox reads it: the rows parsed with
 * care (detail is JSON the types cannot shape) and each told as one Bulgarian line.
 */
import type { Json } from '@/shared/db/database.types';
import { formatReceivedBg, formatSlotBg, formatTimeBg } from './format';
import type { BookingActor, BookingHistoryEntry, BookingMail } from './types';

/** A row as the function returns it. */
export interface BookingHistoryRow {
  at: string;
  kind: string;
  actor: string;
  actor_email: string | null;
  detail: Json;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const actorOf = (value: string): BookingActor => (value === 'visitor' || value === 'admin' ? value : 'system');

function mailOf(detail: Record<string, unknown>): BookingMail {
  const attempts = Number(detail.attempts);
  return {
    purpose: text(detail.purpose),
    subject: text(detail.subject),
    to: text(detail.to),
    status: text(detail.status),
    attempts: Number.isFinite(attempts) ? attempts : 0,
    last_error: textOrNull(detail.last_error),
    sent_at: textOrNull(detail.sent_at),
  };
}

/** One row of the function as a history entry. */
export function toHistoryEntry(row: BookingHistoryRow): BookingHistoryEntry {
  const detail = isRecord(row.detail) ? row.detail : {};
  const who = { actor: actorOf(row.actor), actor_email: textOrNull(row.actor_email) };
  switch (row.kind) {
    case 'mail':
      return { at: row.at, kind: 'mail', mail: mailOf(detail) };
    case 'moved':
      return { at: row.at, kind: 'moved', ...who, from: text(detail.from), to: text(detail.to) };
    case 'booked':
    case 'confirmed':
    case 'cancelled':
    case 'reopened':
    case 'no_show':
    case 'no_show_undone':
      return { at: row.at, kind: row.kind, ...who };
    default:
      return { at: row.at, kind: 'other', name: row.kind };
  }
}

/** Who acted, after 'от': the visitor, the admin's e-mail (or 'администратор'), or the system. */
function byWhom(actor: BookingActor, email: string | null): string {
  if (actor === 'visitor') return 'клиента';
  if (actor === 'admin') return email ?? 'администратор';
  return 'системата';
}

const attemptsText = (n: number) => `${n} ${n === 1 ? 'опит' : 'опита'}`;

/** When a message left: the time alone on the day it was queued, else the date too. */
function sentAtText(sentAt: string, queuedAt: string, timeZone?: string): string {
  const day = (iso: string) => formatReceivedBg(iso, timeZone).split(', ')[0];
  return day(sentAt) === day(queuedAt) ? formatTimeBg(sentAt, timeZone) : formatReceivedBg(sentAt, timeZone);
}

/**
 * Why the outbox's circuit breaker holds a message, from its last_error ('held: more than 100
 * e-mails in an hour', 'held: more than 6 e-mails from one network's forms in an hour'; see
 * private.mail_breaker), in Bulgarian; a reason of another shape is shown as it is.
 */
const HELD_REASONS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^more than (\d+) e-mails in an hour$/, (m) => `над ${m[1]} имейла за час`],
  [/^more than (\d+) e-mails to (\S+) in an hour$/, (m) => `над ${m[1]} имейла до ${m[2]} за час`],
  [/^more than (\d+) e-mails visitors caused in an hour$/, (m) => `над ${m[1]} имейла, причинени от посетители, за час`],
  [/^more than (\d+) e-mails from visitors' forms in an hour$/, (m) => `над ${m[1]} имейла от формите на посетителите за час`],
  [/^more than (\d+) e-mails from visitors' forms to (\S+) in an hour$/, (m) => `над ${m[1]} имейла от формите на посетителите до ${m[2]} за час`],
  [/^more than (\d+) e-mails from one network's forms in an hour$/, (m) => `над ${m[1]} имейла от формите на една мрежа за час`],
  [
    /^visitors' forms are busy: this network had its share of (\d+) e-mails this hour$/,
    (m) => `формите на посетителите са натоварени, а тази мрежа вече получи своя дял от ${m[1]} имейла за часа`,
  ],
  [
    /^visitors' forms to (\S+) are busy: this network had its share of (\d+) e-mails there this hour$/,
    (m) => `формите на посетителите до ${m[1]} са натоварени, а тази мрежа вече получи своя дял от ${m[2]} имейла до там за часа`,
  ],
];
function heldReason(lastError: string | null): string {
  const reason = (lastError ?? '').trim().replace(/^held:\s*/, '');
  for (const [shape, text] of HELD_REASONS) {
    const match = shape.exec(reason);
    if (match) return text(match);
  }
  return reason || 'неизвестна причина';
}

/**
 * What became of an e-mail: sent, waiting, a failed attempt (it is tried again), given up, held by
 * the mail's circuit breaker (it goes out by itself later), skipped (the recipient's daily limit)
 * or replaced by a newer message before it was sent.
 */
function mailStateText(mail: BookingMail, queuedAt: string, timeZone?: string): string {
  const reason = mail.last_error?.trim() || 'неизвестна причина';
  switch (mail.status) {
    case 'sent':
      return mail.sent_at ? `изпратен в ${sentAtText(mail.sent_at, queuedAt, timeZone)}` : 'изпратен';
    case 'failed':
      return `неуспешен опит (${mail.attempts}): ${reason}`;
    case 'given_up':
      return `отказан след ${attemptsText(mail.attempts)}${mail.last_error?.trim() ? `: ${reason}` : ''}`;
    case 'held':
      return `задържан от предпазителя на пощата: ${heldReason(mail.last_error)} (ще бъде изпратен автоматично)`;
    case 'skipped':
      return 'не е изпратен: дневният лимит за този адрес е достигнат';
    case 'superseded':
      return 'заменен от по-нов имейл, преди да бъде изпратен';
    default:
      // pending, and sending (handed over, the provider's answer not read yet)
      return 'чака изпращане';
  }
}

/**
 * The entry as one line: 'Записана от клиента', 'Потвърдена от admin@example.com',
 * 'Преместена от клиента: от … на …', 'Имейл „…“ до …: изпратен в 10:05'. Times in the given zone
 * (the viewer's when none), as the card shows the booking's.
 */
export function historyLine(entry: BookingHistoryEntry, timeZone?: string): string {
  switch (entry.kind) {
    case 'booked':
      return `Записана от ${byWhom(entry.actor, entry.actor_email)}`;
    case 'confirmed':
      return `Потвърдена от ${byWhom(entry.actor, entry.actor_email)}`;
    case 'cancelled':
      return `Отменена от ${byWhom(entry.actor, entry.actor_email)}`;
    case 'reopened':
      return `Върната в очакване от ${byWhom(entry.actor, entry.actor_email)}`;
    case 'no_show':
      return `Отбелязана като „Не се яви“ от ${byWhom(entry.actor, entry.actor_email)}`;
    case 'no_show_undone':
      return `„Не се яви“ е отменено от ${byWhom(entry.actor, entry.actor_email)}: клиентът все пак се е явил`;
    case 'moved':
      return `Преместена от ${byWhom(entry.actor, entry.actor_email)}: от ${formatSlotBg(entry.from, timeZone) || '—'} на ${formatSlotBg(entry.to, timeZone) || '—'}`;
    case 'mail':
      return `Имейл „${entry.mail.subject}“ до ${entry.mail.to}: ${mailStateText(entry.mail, entry.at, timeZone)}`;
    case 'other':
      return `Събитие „${entry.name}“`;
  }
}

/** The e-mail states the inbox marks: it has not reached the visitor, and may never. */
const PROBLEM_STATES: readonly string[] = ['failed', 'given_up', 'held', 'skipped'];

/**
 * Whether the line reports a problem: an e-mail that failed, was given up, is held by the circuit
 * breaker or was skipped (a superseded one is no problem: a newer message took its place).
 */
export function isHistoryProblem(entry: BookingHistoryEntry): boolean {
  return entry.kind === 'mail' && PROBLEM_STATES.includes(entry.mail.status);
}
