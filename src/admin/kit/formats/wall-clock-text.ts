/* A moment written as the consultant's clock shows it, without a date library (wall-clock.ts re-exports it). */

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * '26.11.2026 г., 10:00 ч.': the moment as the consultant's clock shows it. Written with the
 * browser's own time-zone data (Intl), so a list that shows a schedule carries no date library.
 */
export function formatWallClockBg(iso: string, zone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  let clock = clocks.get(zone);
  if (!clock) {
    const options = { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    clock = new Intl.DateTimeFormat('en-GB', options);
    clocks.set(zone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}.${part.month}.${part.year} г., ${part.hour}:${part.minute} ч.`;
}
