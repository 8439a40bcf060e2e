// A booking's time as people read it; a module of its own, so the pages that never show one
// (every page before a dialog opens) do not load it.
import { formatterFor } from '../kit/formats/formatters';

const slotFormats = new Map<string, Intl.DateTimeFormat>();

/** A booking's weekday, date and time in Bulgarian, in the given zone (the viewer's when none). */
export function formatSlotDateTimeBg(date: Date, timeZone?: string): string {
  return formatterFor(slotFormats, timeZone, () =>
    new Intl.DateTimeFormat('bg-BG', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }),
  ).format(date);
}
