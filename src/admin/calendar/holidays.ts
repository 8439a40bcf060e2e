/*
 * Bulgaria's official public holidays, from the maintained `date-holidays` package (its rules
 * for 'BG', type 'public', names in Bulgarian). The package carries every country's rules and
 * computes them in the browser, fetching nothing; it is large, so it is loaded only here, by a
 * dynamic import, when the admin presses the button: never on a public page, nor in the admin's
 * first load.
 */

/** One holiday: its date ('YYYY-MM-DD') and its Bulgarian name. */
export interface PublicHoliday {
  date: string;
  name: string;
}

/** The official public holidays of Bulgaria in `years`, in date order, each date once. */
export async function bulgarianPublicHolidays(years: readonly number[]): Promise<PublicHoliday[]> {
  const { default: Holidays } = await import('date-holidays');
  const calendar = new Holidays('BG', { languages: ['bg'], types: ['public'] });
  const byDate = new Map<string, PublicHoliday>();
  for (const year of years) {
    for (const holiday of calendar.getHolidays(year, 'bg')) {
      if (holiday.type !== 'public') continue;
      // 'YYYY-MM-DD hh:mm:ss': the date as Bulgaria's calendar has it, whatever the browser's zone
      const date = holiday.date.slice(0, 10);
      if (!byDate.has(date)) byDate.set(date, { date, name: holiday.name });
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
