/*
 * Publishing at a set time. The form keeps the instant (blog_posts.scheduled_at) and its field
 * shows and takes it as a wall-clock value ('2026-11-26T10:00', a datetime-local field) in the
 * consultant's time zone, whatever zone the admin's computer is in (kit/formats/wall-clock.ts reads and writes it).
 * The database's job publishes the post at that minute (20261128000500_editorial.sql). Free of React.
 */
import { codeOf, hintOf } from '@/shared/db/errors';

export const scheduleText = {
  toggle: 'Насрочи публикуване',
  hint: (zone: string) => `Публикацията става видима сама в избрания момент (по часовата зона на консултанта, ${zone}).`,
  when: 'Дата и час на публикуване',
  missing: 'Изберете дата и час на публикуване.',
  past: 'Изберете момент в бъдещето.',
  publishedWins: 'Публикувана сега: насрочването не е нужно и ще бъде премахнато.',
  badge: (when: string) => `Насрочена за ${when}`,
} as const;

/** The form's schedule: the checkbox, and the instant (ISO, '' until a whole date and time is given). */
export interface ScheduleValues {
  is_published: boolean;
  scheduled: boolean;
  scheduled_at: string;
}

/** What a save writes: the instant, or null when not scheduled or published now. */
export function scheduledAtOf(values: ScheduleValues): string | null {
  return !values.is_published && values.scheduled && values.scheduled_at ? values.scheduled_at : null;
}

/**
 * Why the schedule cannot be saved, checked when saving (it depends on the clock): missing, or not
 * ahead of `now`. null when it can, or when nothing is scheduled.
 */
export function scheduleProblem(values: ScheduleValues, now: Date): string | null {
  if (values.is_published || !values.scheduled) return null;
  const at = values.scheduled_at ? new Date(values.scheduled_at) : null;
  if (!at || Number.isNaN(at.getTime())) return scheduleText.missing;
  return at.getTime() > now.getTime() ? null : scheduleText.past;
}

/** The database refused a schedule that is not ahead (its clock decides; check_post_schedule). */
export function isScheduleInPast(error: unknown): boolean {
  return codeOf(error) === '23514' && hintOf(error) === 'schedule_in_past';
}
