// Rows and MSW answers of the inbox component tests.
import { http, HttpResponse } from 'msw';
import type { Booking, Inquiry } from '@/admin/inbox/types';
import { rest, server } from './msw';

export function inquiryRow(overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    id: 'i-1',
    name: 'Иван Петров',
    company: 'Имоти ООД',
    email: 'ivan@example.com',
    phone: '+359 888 123 456',
    message: 'Търсим CRM за екип от 12 брокери.',
    purpose: 'real_estate',
    contact_method: 'both',
    status: 'new',
    created_at: '2026-11-22T12:05:00.000Z',
    updated_at: '2026-11-22T12:05:00.000Z',
    // a lead nobody has worked on yet, from a newsletter's campaign
    lost_reason: null,
    owner_id: null,
    owner: null,
    follow_up_at: null,
    offer_amount: null,
    contact_id: 'c-1',
    first_touch: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'есен', landing_path: '/blog/crm', at: '2026-11-20T08:00:00.000Z' },
    // the team chat had it a few seconds later, as the database reports it
    notified_at: '2026-11-22T12:05:04.000Z',
    notify_error: null,
    ...overrides,
  };
}

export function bookingRow(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b-1',
    client_name: 'Петър Георгиев',
    client_email: 'petar@example.com',
    client_phone: '+359 899 111 222',
    company_name: 'Вила Рила',
    preferred_date: '2026-11-23T12:00:00.000Z',
    message: 'Искаме онлайн резервации.',
    status: 'pending',
    created_at: '2026-11-20T09:00:00.000Z',
    // the visitor's browser gave no zone (as before the e-mails recorded it)
    visitor_time_zone: null,
    // made before the meeting links (migration 20261128001100): none
    meeting_url: null,
    notified_at: '2026-11-20T09:00:03.000Z',
    notify_error: null,
    ...overrides,
  };
}

/** What the database writes on a row the team chat has not received (its job's last error). */
export const CHAT_DOWN = { notified_at: null, notify_error: 'HTTP 500: the chat is down' } as const;
/** A row the database has not reported on yet: its job runs every minute. */
export const NOT_REPORTED = { notified_at: null, notify_error: null } as const;

/** A PostgREST list answer with the Content-Range of an exact count. */
export function listAnswer<T>(rows: T[], total: number, offset = 0) {
  const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}/${total}` : `*/${total}`;
  return HttpResponse.json(rows, { headers: { 'content-range': range } });
}

/** Answers the tab badges' HEAD counts. */
export function countAnswers(inquiries = 0, bookings = 0) {
  server.use(
    http.head(rest('contact_submissions'), () => new HttpResponse(null, { headers: { 'content-range': `*/${inquiries}` } })),
    http.head(rest('appointments'), () => new HttpResponse(null, { headers: { 'content-range': `*/${bookings}` } })),
  );
}
