import type { Tables } from '@/shared/db/database.types';

/*
 * A contact's page as one timeline, newest first: what contact_timeline answers (migration
 * *_leads.sql), made into entries with their time and words. Free of React.
 */

type Row<T extends 'contact_submissions' | 'appointments' | 'contacts' | 'lead_notes'> = Tables<T>;

export interface TimelineEvent {
  id: number;
  inquiry_id: string | null;
  kind: 'stage' | 'owner' | 'follow_up' | 'offer' | 'merged' | string;
  detail: Record<string, unknown>;
  actor: string | null;
  created_at: string;
}

export interface TimelineMail {
  id: number;
  purpose: string;
  subject: string;
  recipient: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

/** What contact_timeline answers. */
export interface Timeline {
  contact: Row<'contacts'>;
  inquiries: Row<'contact_submissions'>[];
  bookings: Row<'appointments'>[];
  events: TimelineEvent[];
  mails: TimelineMail[];
  notes: Row<'lead_notes'>[];
}

export type EntryKind = 'inquiry' | 'booking' | 'event' | 'mail' | 'note';

export interface TimelineEntry {
  key: string;
  kind: EntryKind;
  at: string;
  /** What happened, in one line. */
  title: string;
  /** Who did it or what it said, when there is more. */
  text?: string;
}

const STAGES: Record<string, string> = { new: 'Нова', contacted: 'В контакт', proposal: 'Оферта', won: 'Спечелена', lost: 'Загубена' };
const BOOKING_STATUSES: Record<string, string> = { pending: 'чака потвърждение', confirmed: 'потвърдена', cancelled: 'отказана', no_show: 'не се яви' };
const MAIL_STATUSES: Record<string, string> = { sent: 'изпратен', pending: 'в опашката', sending: 'изпраща се', failed: 'неуспешен, ще се опита пак', given_up: 'не е изпратен', held: 'задържан', skipped: 'пропуснат', superseded: 'заменен от по-нов' };

const by = (actor: string | null) => (actor ? ` (${actor})` : '');

function eventTitle(event: TimelineEvent, formatTime: (iso: string) => string): string {
  const d = event.detail;
  switch (event.kind) {
    case 'stage':
      return `Етап: ${STAGES[String(d.from)] ?? d.from} → ${STAGES[String(d.to)] ?? d.to}${d.reason ? ` (${String(d.reason)})` : ''}${by(event.actor)}`;
    case 'owner':
      return `Смяна на отговорника${by(event.actor)}`;
    case 'follow_up':
      return d.to ? `Следващ контакт: ${formatTime(String(d.to))}${by(event.actor)}` : `Следващият контакт е премахнат${by(event.actor)}`;
    case 'offer':
      return d.to == null ? `Офертата е премахната${by(event.actor)}` : `Оферта: ${Number(d.to).toLocaleString('bg-BG')} EUR${by(event.actor)}`;
    case 'merged':
      return `Обединен с ${[d.name, d.email, d.phone].filter(Boolean).join(', ')}${by(event.actor)}`;
    default:
      return event.kind;
  }
}

/** Every entry of the page, newest first; `formatTime` says an instant as the consultant's clock. */
export function timelineEntries(timeline: Timeline, formatTime: (iso: string) => string): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...timeline.inquiries.map((i) => ({ key: `inquiry-${i.id}`, kind: 'inquiry' as const, at: i.created_at, title: `Запитване (${STAGES[i.status] ?? i.status})`, text: i.message })),
    ...timeline.bookings.map((b) => ({
      key: `booking-${b.id}`,
      kind: 'booking' as const,
      at: b.created_at,
      title: `Резервация за ${formatTime(b.preferred_date)} (${BOOKING_STATUSES[b.status] ?? b.status})`,
      text: b.message || undefined,
    })),
    ...timeline.events.map((e) => ({ key: `event-${e.id}`, kind: 'event' as const, at: e.created_at, title: eventTitle(e, formatTime) })),
    ...timeline.mails.map((m) => ({ key: `mail-${m.id}`, kind: 'mail' as const, at: m.sent_at ?? m.created_at, title: `Имейл: ${m.subject}`, text: `До ${m.recipient}, ${MAIL_STATUSES[m.status] ?? m.status}` })),
    ...timeline.notes.map((n) => ({ key: `note-${n.id}`, kind: 'note' as const, at: n.created_at, title: `Бележка${by(n.author_name || null)}`, text: n.body })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.key.localeCompare(a.key));
}
