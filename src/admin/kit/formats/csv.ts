/*
 * CSV files the admin exports (RFC 4180): comma-separated, CRLF between records, a field quoted
 * when it holds a comma, a double quote, CR or LF, and quotes inside doubled. A file starts with a
 * byte-order mark so Excel opens the UTF-8 (Cyrillic) correctly. What visitors typed stays text in
 * a spreadsheet (neutraliseFormula). The sections build their files from these (the inquiries',
 * the newsletter's consents).
 */
import { formatterFor } from './formatters';

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

/** Characters that make a spreadsheet read a cell as a formula, ASCII and full-width (＝ ＋ － ＠). */
const TRIGGERS = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20';
/**
 * Anywhere a spreadsheet may start a cell: the start of the text, or after a separator some
 * program splits on (, ; tab CR LF), then any spaces, then a trigger.
 */
const CELL_START = new RegExp(`(^|[,;\\t\\r\\n])([\\s\\u3000]*)([${TRIGGERS}])`, 'g');
/** Digits, spaces and number punctuation only: a phone number like '+359 888 123 456'. */
const NUMBER_LIKE = /^[+-]?[\d\s()./-]*$/;

/**
 * Visitors type these values, so a message like '=HYPERLINK(...)' must stay text when the file is
 * opened in a spreadsheet, whichever separator it splits on: every place a cell could start with
 * a formula gets an apostrophe before the trigger ('x;=1+1' → "x;'=1+1"), and a text starting
 * with a tab or CR one in front. Phone numbers ('+359 ...') are left alone, since digits and
 * spaces cannot make a harmful formula.
 */
export function neutraliseFormula(text: string): string {
  if (NUMBER_LIKE.test(text)) return text;
  const guarded = text.replace(CELL_START, "$1$2'$3");
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
}

/** One field, quoted when it must be. null and undefined become an empty field. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records joined with CRLF, each a comma-separated line; no byte-order mark. */
export function toCsv(records: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return records.map((record) => record.map(csvField).join(',')).join('\r\n');
}

/** Two digits, for dates in file names. */
export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const csvFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'YYYY-MM-DD HH:mm' in the given time zone (the viewer's by default): spreadsheets read it as a
 * date and time in any locale. '' for none.
 */
export function csvDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = formatterFor(csvFormats, timeZone, () =>
    new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }),
  );
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Offers text to the browser as a file download (a temporary object URL and link). */
export function downloadText(text: string, fileName: string, type: string = CSV_MIME): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started; give the browser a moment before freeing the URL
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
