import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { slotInstant } from '@/shared/domain/calendar';

/*
 * A moment as the consultant's clock shows it: the admin's date-and-time fields (datetime-local,
 * '2026-11-26T10:00') mean that clock (calendar_settings.time_zone), whatever zone the admin's
 * computer is in. A post's schedule and a lead's next follow-up are both set this way.
 */

const LOCAL_VALUE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The instant of a datetime-local value read in `zone`; null for an empty, malformed or skipped (DST) time. */
export function wallClockInstant(local: string, zone: string): Date | null {
  const match = LOCAL_VALUE.exec(local.trim());
  return match ? slotInstant(match[1], match[2], zone) : null;
}

/** The datetime-local value of an instant as a clock in `zone` shows it; '' for none. */
export function wallClockValue(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format(at, "yyyy-MM-dd'T'HH:mm", { in: tz(zone) });
}

export { formatWallClockBg } from './wall-clock-text';
