// A working day the demo calendar offers (Monday to Friday, 09:00–17:00 in Sofia, within the booking
// horizon), for tests that book through the public API.
import { TZDate } from '@date-fns/tz';

const ZONE = 'Europe/Sofia';

export interface BookableDay {
  /** The instant of hour:minute that day in Sofia, as an ISO string in UTC. */
  at(hour: number, minute?: number): string;
  /** The whole day in Sofia, for taken_slots. */
  range: { range_start: string; range_end: string };
}

/** The first weekday at least `offsetDays` ahead (10 by default: well past the minimum notice). */
export function bookableDay(offsetDays = 10): BookableDay {
  const now = TZDate.tz(ZONE);
  const day = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays, 12, 0, ZONE);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  const [y, m, d] = [day.getFullYear(), day.getMonth(), day.getDate()];
  return {
    at: (hour, minute = 0) => new Date(new TZDate(y, m, d, hour, minute, ZONE).getTime()).toISOString(),
    range: {
      range_start: new Date(new TZDate(y, m, d, 0, 0, ZONE).getTime()).toISOString(),
      range_end: new Date(new TZDate(y, m, d + 1, 0, 0, ZONE).getTime()).toISOString(),
    },
  };
}

/** taken_slots' answer as ISO strings in UTC. */
export const instants = (data: unknown) => ((data as string[] | null) ?? []).map((t) => new Date(t).toISOString());
