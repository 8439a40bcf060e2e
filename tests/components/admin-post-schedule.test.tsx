// Publishing at a set time, in the post form and its rules: the time is the consultant's clock
// (the calendar's zone), a draft only, checked against the clock when saved, and the database's
// own refusal lands on the field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PostForm } from '@/admin/posts/PostForm';
import { buildPostPayload } from '@/admin/posts/post-payload';
import { EMPTY_POST_VALUES, postValuesFrom } from '@/admin/posts/post-schema';
import { formatWallClockBg, wallClockInstant, wallClockValue } from '@/admin/kit/formats/wall-clock';
import { scheduleProblem } from '@/admin/posts/schedule';
import { postRow, renderAdmin } from './admin-fixtures';
import { rest, server } from './msw';

const CALENDAR = {
  id: 'cal-1',
  consultant_name: 'Мария',
  photo_url: null,
  photo_alt: '',
  working_hours: { start: '09:00', end: '17:00', days: ['monday'] },
  is_active: true,
  booking_horizon_days: 60,
  min_notice_minutes: 120,
  manage_cutoff_hours: 12,
  updated_at: '2026-11-01T00:00:00Z',
};

function answers(zone = 'Europe/Sofia') {
  const bodies: Record<string, unknown>[] = [];
  let calendarReads = 0;
  server.use(
    http.get(rest('blog_users'), () => HttpResponse.json([])),
    http.get(rest('calendar_settings'), () => {
      calendarReads += 1;
      return HttpResponse.json({ ...CALENDAR, time_zone: zone });
    }),
    http.patch(rest('blog_posts'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json([{ id: 'p-1', updated_at: '2026-11-25T10:00:00.000Z' }]);
    }),
  );
  return { bodies, calendarReads: () => calendarReads };
}

const openMedia = () => fireEvent.mouseDown(screen.getByRole('tab', { name: 'Медия и настройки' }));
const scheduleBox = () => screen.getByRole('checkbox', { name: 'Насрочи публикуване' });
const whenField = () => screen.getByLabelText(/^Дата и час на публикуване/);
const saveButton = () => screen.getByRole('button', { name: 'Обнови публикацията' });

describe('the schedule’s rules', () => {
  it('a wall-clock time is read in the consultant’s zone, and shown back in it', () => {
    expect(wallClockInstant('2026-12-01T10:00', 'Europe/Sofia')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(wallClockInstant('2026-07-01T10:00', 'Europe/Sofia')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(wallClockInstant('2026-12-01T10:00', 'America/New_York')?.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    // a time the clocks skip (last Sunday of March, 03:00 → 04:00 in Sofia) is no time
    expect(wallClockInstant('2026-03-29T03:30', 'Europe/Sofia')).toBeNull();
    expect(wallClockInstant('2026-12-01', 'Europe/Sofia')).toBeNull();
    expect(wallClockValue('2026-12-01T08:00:00.000Z', 'Europe/Sofia')).toBe('2026-12-01T10:00');
    expect(wallClockValue(null, 'Europe/Sofia')).toBe('');
    expect(formatWallClockBg('2026-12-01T08:00:00.000Z', 'Europe/Sofia')).toBe('01.12.2026 г., 10:00 ч.');
  });

  it('only a draft is scheduled; the time must be given and ahead', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const draft = { is_published: false, scheduled: true, scheduled_at: '2026-11-25T10:05:00.000Z' };
    expect(scheduleProblem(draft, now)).toBeNull();
    expect(scheduleProblem({ ...draft, scheduled_at: '' }, now)).toBe('Изберете дата и час на публикуване.');
    expect(scheduleProblem({ ...draft, scheduled_at: '2026-11-25T09:59:00.000Z' }, now)).toBe('Изберете момент в бъдещето.');
    expect(scheduleProblem({ ...draft, is_published: true, scheduled_at: '' }, now)).toBeNull();

    const context = { existing: null, signedIn: null, now };
    const values = { ...EMPTY_POST_VALUES, title: 'Т', slug: 't', author: 'А' };
    expect(buildPostPayload({ ...values, ...draft }, context).scheduled_at).toBe('2026-11-25T10:05:00.000Z');
    expect(buildPostPayload({ ...values, ...draft, scheduled: false }, context).scheduled_at).toBeNull();
    expect(buildPostPayload({ ...values, ...draft, is_published: true }, context).scheduled_at).toBeNull();
    // a stored schedule comes back ticked; a published post has none
    expect(postValuesFrom(postRow({ is_published: false, scheduled_at: '2026-12-01T08:00:00.000Z' }))).toMatchObject({ scheduled: true, scheduled_at: '2026-12-01T08:00:00.000Z' });
    expect(postValuesFrom(postRow({ is_published: true, scheduled_at: null }))).toMatchObject({ scheduled: false, scheduled_at: '' });
  });
});

describe('the post form’s schedule', () => {
  it('a draft scheduled for 10:00 on the consultant’s clock is saved as that instant', async () => {
    const { bodies, calendarReads } = answers('Europe/Sofia');
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow({ is_published: false, published_at: null })} onDone={onDone} />);
    openMedia();
    // nothing is read for the schedule until it is wanted
    expect(calendarReads()).toBe(0);
    fireEvent.click(scheduleBox());
    expect(screen.getByText(/по часовата зона на консултанта, Europe\/Sofia/)).toBeInTheDocument();
    fireEvent.change(whenField(), { target: { value: '2099-12-01T10:00' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calendarReads()).toBe(1);
    expect(bodies[0]).toMatchObject({ is_published: false, scheduled_at: '2099-12-01T08:00:00.000Z' });
  });

  it('a stored schedule is shown on the consultant’s clock; unticking it unschedules', async () => {
    const { bodies } = answers('Europe/Sofia');
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow({ is_published: false, published_at: null, scheduled_at: '2099-07-01T07:30:00.000Z' })} onDone={onDone} />);
    openMedia();
    expect(scheduleBox()).toBeChecked();
    await waitFor(() => expect(whenField()).toHaveValue('2099-07-01T10:30'));
    fireEvent.click(scheduleBox());
    expect(screen.queryByLabelText(/^Дата и час на публикуване/)).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ scheduled_at: null });
  });

  it('a time already past, or none, is said on the field and nothing is sent', async () => {
    const { bodies } = answers();
    renderAdmin(<PostForm post={postRow({ is_published: false, published_at: null })} onDone={vi.fn()} />);
    openMedia();
    fireEvent.click(scheduleBox());
    fireEvent.click(saveButton());
    expect(await screen.findByText('Изберете дата и час на публикуване.')).toBeInTheDocument();
    expect(whenField()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(whenField(), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Изберете момент в бъдещето.')).toBeInTheDocument();
    expect(whenField()).toHaveAccessibleDescription('Изберете момент в бъдещето.');
    expect(bodies).toEqual([]);
  });

  it('the database’s refusal (its clock passed the minute) lands on the field, the form kept', async () => {
    answers();
    server.use(
      http.patch(rest('blog_posts'), () =>
        HttpResponse.json({ code: '23514', message: 'A post is scheduled for a moment ahead', details: null, hint: 'schedule_in_past' }, { status: 400 }),
      ),
    );
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow({ is_published: false, published_at: null })} onDone={onDone} />);
    openMedia();
    fireEvent.click(scheduleBox());
    fireEvent.change(whenField(), { target: { value: '2099-12-01T10:00' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(whenField()).toHaveAccessibleDescription('Изберете момент в бъдещето.'));
    expect(whenField()).toHaveValue('2099-12-01T10:00');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('ticking ‘Публикувай’ publishes now: the schedule cannot be set and is not sent', async () => {
    const { bodies } = answers();
    const onDone = vi.fn();
    renderAdmin(<PostForm post={postRow({ is_published: false, published_at: null, scheduled_at: '2099-07-01T07:30:00.000Z' })} onDone={onDone} />);
    openMedia();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Публикувай' }));
    expect(scheduleBox()).toBeDisabled();
    expect(within(screen.getByRole('tabpanel')).getByText(/насрочването не е нужно/)).toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ is_published: true, scheduled_at: null });
  });
});
