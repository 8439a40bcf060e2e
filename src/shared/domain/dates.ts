/** What formatDateBg accepts: an ISO string from the database, a timestamp or a Date. */
export type DateInput = string | number | Date | null | undefined;

const bgDate = new Intl.DateTimeFormat('bg-BG', { year: 'numeric', month: 'long', day: 'numeric' });

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses the input to a valid Date, or null. A bare 'YYYY-MM-DD' is read as a local calendar day. */
export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  let date: Date;
  if (input instanceof Date) {
    date = input;
  } else if (typeof input === 'string') {
    const trimmed = input.trim();
    if (!trimmed) return null;
    const dateOnly = DATE_ONLY.exec(trimmed);
    // new Date('2026-11-22') would be UTC midnight, i.e. the previous day west of Greenwich.
    date = dateOnly
      ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
      : new Date(trimmed);
  } else {
    date = new Date(input);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats a date for the Bulgarian locale: day, long month name, year — '22 ноември 2026 г.'
 * (Intl 'bg-BG' with year numeric, month long, day numeric). Empty, null or invalid input gives ''.
 */
export function formatDateBg(input: DateInput): string {
  const date = toDate(input);
  return date ? bgDate.format(date) : '';
}

const bgClock = new Intl.DateTimeFormat('bg-BG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A moment, day and time, in the browser's zone: '22 ноември 2026 г., 14:05'; '' for none. */
export function formatDateTimeBg(input: DateInput): string {
  const date = toDate(input);
  return date ? `${formatDateBg(date)}, ${bgClock.format(date)}` : '';
}
