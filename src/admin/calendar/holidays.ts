/*
 * Bulgaria's official public holidays (Labour Code, art. 154) for the calendar tab's holidays
 * button, computed here: the fixed-date ones, the Easter ones from the Julian-calendar Easter rule
 * the Bulgarian Orthodox Church follows, and the rest days that take the place of a fixed holiday
 * falling on a Saturday or Sunday (art. 154(2): the first working day after it; the Easter
 * holidays have none). No library: the one they came from (date-holidays) brought moment and
 * moment-timezone with it, a 1.4 MB chunk, for a dozen dates a year that take a few lines of date
 * arithmetic (on UTC dates: a holiday is a calendar date, no time zone is involved); and it left out
 * Holy Saturday, 26 December and the rest days in lieu, which are days off all the same.
 */

/** One holiday: its date ('YYYY-MM-DD') and its Bulgarian name. */
export interface PublicHoliday {
  date: string;
  name: string;
}

/** The fixed-date holidays: 'MM-DD' and name. */
const FIXED: readonly (readonly [string, string])[] = [
  ['01-01', 'Нова Година'],
  ['03-03', 'Ден на Освобождението на България от Османската Империя'],
  ['05-01', 'Ден на труда'],
  ['05-06', 'Гергьовден'],
  ['05-24', 'Ден на азбуката, културата и просветата'],
  ['09-06', 'Ден на съединението'],
  ['09-22', 'Ден на независимостта'],
  ['12-24', 'Бъдни вечер'],
  ['12-25', 'Коледа'],
  ['12-26', 'Коледа (втори ден)'],
];

/** The Easter holidays: days from Easter Sunday, and name. */
const EASTER: readonly (readonly [number, string])[] = [
  [-2, 'Разпети петък'],
  [-1, 'Велика събота'],
  [0, 'Великден'],
  [1, 'Велики понеделник'],
];

/** 'YYYY-MM-DD' of a day of `year`; a day past the month's end runs on into the next (Date.UTC's rule). */
function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Orthodox Easter Sunday of `year`, as [month, day] of the Gregorian calendar (the day may run past the month's end). */
function orthodoxEaster(year: number): [number, number] {
  // Meeus's Julian algorithm: Easter Sunday in the Julian calendar...
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  // ...then in the Gregorian calendar, which is ahead by 13 days from 1900 to 2099 (and by one
  // more day from each century year that is not a multiple of 400: 14 from 2100)
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return [month, day + gap];
}

/** The day after 'YYYY-MM-DD', and whether a date is a Saturday or Sunday. */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Bulgaria's official public holidays in `years`, with the rest days in lieu, in date order, each date once. */
export async function bulgarianPublicHolidays(years: readonly number[]): Promise<PublicHoliday[]> {
  const byDate = new Map<string, PublicHoliday>();
  const add = (date: string, name: string) => {
    if (!byDate.has(date)) byDate.set(date, { date, name });
  };
  for (const year of new Set(years)) {
    const fixed = FIXED.map(([monthDay, name]) => ({ date: `${year}-${monthDay}`, name }));
    const [month, day] = orthodoxEaster(year);
    const easter = EASTER.map(([days, name]) => ({ date: isoDate(year, month, day + days), name }));
    // the fixed ones first: a date shared with an Easter holiday keeps the fixed one's name
    // (6 May 2024, Гергьовден and Велики понеделник: Гергьовден)
    for (const h of [...fixed, ...easter]) add(h.date, h.name);
    // each fixed holiday on a weekend gives the first working day after it that is no holiday and
    // no other's rest day (24–26 December on Saturday to Monday: the 27th and the 28th)
    for (const h of fixed) {
      if (!isWeekend(h.date)) continue;
      let date = nextDay(h.date);
      while (isWeekend(date) || byDate.has(date)) date = nextDay(date);
      add(date, `Почивен ден вместо ${h.name}`);
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The holidays no day off covers yet (a single day or a range including the date). */
export function holidaysToAdd(
  holidays: readonly PublicHoliday[],
  daysOff: readonly { starts_on: string; ends_on: string }[],
): PublicHoliday[] {
  const seen = new Set<string>();
  return holidays.filter((holiday) => {
    if (seen.has(holiday.date)) return false;
    seen.add(holiday.date);
    return !daysOff.some((off) => off.starts_on <= holiday.date && holiday.date <= off.ends_on);
  });
}
