import { formatDateBg, toDate, type DateInput } from '@/shared/domain/dates';

const clock = new Intl.DateTimeFormat('bg-BG', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A moment in the admin's time zone, day and time: '22 ноември 2026 г., 14:05'; '' when it is none. */
export function formatWhenBg(input: DateInput): string {
  const date = toDate(input);
  return date ? `${formatDateBg(date)}, ${clock.format(date)}` : '';
}
