/*
 * How long the system keeps each kind of personal data: the kinds of `public.retention_settings`,
 * their words for the panel and the privacy notice, and their bounds. The database holds the same
 * bounds (retention_settings.min_days, max_days; its trigger refuses anything outside them in
 * Bulgarian) and its daily job private.apply_retention() deletes or anonymises what is due
 * (supabase/migrations/20261129001000_retention.sql; docs/privacy.md "Retention").
 * A test compares this table with the database's rows (tests/backend/retention.ts).
 */

export type RetentionKind =
  | 'leads_closed'
  | 'bookings_past'
  | 'mail_bodies'
  | 'network_hashes'
  | 'subscribers_unconfirmed'
  | 'subscribers_unsubscribed'
  | 'data_requests'
  | 'audit_events'
  | 'insight_events';

/** What happens to a record when its period ends. */
export type RetentionOutcome = 'deleted' | 'anonymised';

export interface RetentionKindInfo {
  kind: RetentionKind;
  /** The kind, as the panel and the notice name it. */
  label: string;
  /** From when the period counts, in words that follow „… след“ ('последната активност'). */
  from: string;
  outcome: RetentionOutcome;
  /** What happens at the end, as a sentence. */
  end: string;
  defaultDays: number;
  /** The legal or practical minimum; `minReason` says why. */
  minDays: number;
  minReason: string;
  maxDays: number;
}

/** Ten years: no kind is kept longer (the bound, also the database's). */
export const MAX_RETENTION_DAYS = 3650;
/** The panel's units: a month is 30 days, a year 365. */
export const DAYS_PER_MONTH = 30;
export const DAYS_PER_YEAR = 365;

export const RETENTION_KINDS: readonly RetentionKindInfo[] = [
  {
    kind: 'leads_closed',
    label: 'Загубени и неотговорени запитвания',
    from: 'последната активност по запитването',
    outcome: 'deleted',
    end: 'Изтриват се заедно с бележките и историята им; контакт без други запитвания и срещи се изтрива също. Спечелените клиенти остават, докато администратор не ги изтрие.',
    defaultDays: 730,
    minDays: 90,
    minReason: 'a lead still "new" counts from the day it came: under three months one sent before a holiday could go unread',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'bookings_past',
    label: 'Минали срещи',
    from: 'края на срещата',
    outcome: 'deleted',
    end: 'Изтриват се заедно с историята и връзките си. Срещите на спечелени клиенти остават.',
    defaultDays: 730,
    minDays: 30,
    minReason: "the meeting's follow-up (the offer, a no-show, a complaint) needs the booking for a month",
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'mail_bodies',
    label: 'Съдържание на изпратените имейли',
    from: 'създаването на имейла',
    outcome: 'anonymised',
    end: 'Текстът на имейла се изтрива; остават видът, състоянието и датата му.',
    defaultDays: 90,
    minDays: 7,
    minReason: 'delivery problems (a bounce, "I got nothing") are looked into within a week',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'network_hashes',
    label: 'Ключове на мрежата на посетителите',
    from: 'изпращането на формата',
    outcome: 'deleted',
    end: 'Изтриват се. Ограниченията за изпращане ги пазят най-много ден, освен за предстояща заявена среща.',
    defaultDays: 30,
    minDays: 1,
    minReason: 'the per-visitor limits look back one day at most (10 minutes, an hour, a day)',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'subscribers_unconfirmed',
    label: 'Непотвърдени абонати на бюлетина',
    from: 'записването',
    outcome: 'deleted',
    end: 'Изтриват се.',
    defaultDays: 30,
    minDays: 7,
    minReason: 'the confirmation link works for 7 days',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'subscribers_unsubscribed',
    label: 'Отписали се абонати на бюлетина',
    from: 'отписването',
    outcome: 'anonymised',
    end: 'Адресът се заменя с ключов хеш; доказателството за съгласието и отписването (кога и как) остава.',
    defaultDays: 30,
    minDays: 7,
    minReason: "late bounces and complaints about the last newsletter arrive within days and must find the address",
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'data_requests',
    label: 'Приключени заявки за лични данни',
    from: 'приключването на заявката',
    outcome: 'deleted',
    end: 'Изтриват се. Непотвърдените заявки се изтриват след 7 дни.',
    defaultDays: 1095,
    minDays: 365,
    minReason: 'the answer must be provable when a complaint reaches the supervisory authority later',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'audit_events',
    label: 'Одитен дневник',
    from: 'записа',
    outcome: 'deleted',
    end: 'Изтриват се.',
    defaultDays: 365,
    minDays: 30,
    minReason: 'as before: a month is the least that lets an incident be traced',
    maxDays: MAX_RETENTION_DAYS,
  },
  {
    kind: 'insight_events',
    label: 'Събития от посещенията на сайта',
    from: 'посещението',
    outcome: 'deleted',
    end: 'Изтриват се. Остават само дневните обобщения (брой посетители и прегледи), в които няма нищо за отделен посетител.',
    defaultDays: 30,
    minDays: 1,
    minReason: "each day is rolled up once it ends, and only rolled-up days are deleted; the same-day attribution of an inquiry reads today's events alone",
    maxDays: MAX_RETENTION_DAYS,
  },
];

const BY_KIND = new Map(RETENTION_KINDS.map((k) => [k.kind, k]));

export function retentionKind(kind: string): RetentionKindInfo | undefined {
  return BY_KIND.get(kind as RetentionKind);
}

export type RetentionUnit = 'days' | 'months' | 'years';

export const RETENTION_UNIT_DAYS: Record<RetentionUnit, number> = { days: 1, months: DAYS_PER_MONTH, years: DAYS_PER_YEAR };

/** The unit a period is shown in: years when whole years, months from a year on when whole months, else days. */
export function splitRetention(days: number): { amount: number; unit: RetentionUnit } {
  if (days >= DAYS_PER_YEAR && days % DAYS_PER_YEAR === 0) return { amount: days / DAYS_PER_YEAR, unit: 'years' };
  if (days >= DAYS_PER_YEAR && days % DAYS_PER_MONTH === 0) return { amount: days / DAYS_PER_MONTH, unit: 'months' };
  return { amount: days, unit: 'days' };
}

const UNIT_WORDS: Record<RetentionUnit, [one: string, many: string]> = {
  days: ['ден', 'дни'],
  months: ['месец', 'месеца'],
  years: ['година', 'години'],
};

export function unitWord(unit: RetentionUnit, amount: number): string {
  const [one, many] = UNIT_WORDS[unit];
  return amount === 1 ? one : many;
}

/** '1 ден', '30 дни', '90 дни', '24 месеца', '2 години', '10 години'. */
export function formatRetention(days: number): string {
  const { amount, unit } = splitRetention(days);
  return `${amount} ${unitWord(unit, amount)}`;
}

/** Why a period cannot be saved, in Bulgarian; null when it can. */
export function retentionProblem(kind: RetentionKindInfo, days: number): string | null {
  if (!Number.isFinite(days) || !Number.isInteger(days)) return 'Въведете цяло число.';
  if (days < kind.minDays) return `Най-краткият срок за „${kind.label}“ е ${formatRetention(kind.minDays)}.`;
  if (days > kind.maxDays) return `Най-дългият срок е ${formatRetention(kind.maxDays)}.`;
  return null;
}
