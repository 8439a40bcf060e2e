import type { Tables } from '@/shared/db/database.types';
import { formatPhone } from '@/shared/domain/phone';

/*
 * A contact's page as one timeline, newest first: what contact_timeline answers (migrations
 * *_leads.sql and *_contacts_by_admin.sql), made into entries with their time and words; and the
 * details the forms typed that the contact does not have yet. Free of React.
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

export type DetailField = 'name' | 'email' | 'phone';

/** A name, e-mail or phone that forms of the contact typed and the contact does not have: new, unconfirmed. */
export interface UnconfirmedDetail {
  field: DetailField;
  /** As the newest form that carries it typed it. */
  value: string;
  /** How many forms carry it. */
  count: number;
  /** The newest five of them. */
  sources: { kind: 'inquiry' | 'booking'; id: string; at: string }[];
}

/** Another contact with one of this contact's phones (on itself or on its forms): maybe the same person. */
export interface PossibleMatch {
  id: string;
  name: string;
  email: string;
  phone: string;
  last_seen_at: string;
  /** The phones the two share. */
  phones: string[];
}

/** What contact_timeline answers. */
export interface Timeline {
  contact: Row<'contacts'>;
  inquiries: Row<'contact_submissions'>[];
  bookings: Row<'appointments'>[];
  events: TimelineEvent[];
  mails: TimelineMail[];
  notes: Row<'lead_notes'>[];
  unconfirmed: UnconfirmedDetail[];
  matches: PossibleMatch[];
}

export const FIELD_NAMES: Record<DetailField, string> = { name: 'Име', email: 'Имейл', phone: 'Телефон' };
const FIELD_THE: Record<string, string> = { name: 'името', email: 'имейлът', phone: 'телефонът' };

export type EntryKind = 'inquiry' | 'booking' | 'event' | 'mail' | 'note';

export interface TimelineEntry {
  key: string;
  kind: EntryKind;
  at: string;
  /** What happened, in one line. */
  title: string;
  /** Who did it or what it said, when there is more. */
  text?: string;
  /** The name, e-mail and phone a form typed, when they are not all the contact's own. */
  sender?: string;
}

const STAGES: Record<string, string> = { new: 'Нова', contacted: 'В контакт', proposal: 'Оферта', won: 'Спечелена', lost: 'Загубена' };
const BOOKING_STATUSES: Record<string, string> = { pending: 'чака потвърждение', confirmed: 'потвърдена', cancelled: 'отказана', no_show: 'не се яви' };
const MAIL_STATUSES: Record<string, string> = { sent: 'изпратен', pending: 'в опашката', sending: 'изпраща се', failed: 'неуспешен, ще се опита пак', given_up: 'не е изпратен', held: 'задържан', skipped: 'пропуснат', superseded: 'заменен от по-нов' };

const by = (actor: string | null) => (actor ? ` (${actor})` : '');
const quoted = (value: unknown) => `„${String(value)}“`;

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
    case 'detail_adopted':
      return `Приети данни: ${FIELD_NAMES[String(d.field) as DetailField] ?? d.field} ${quoted(d.to)}${d.from ? ` вместо ${quoted(d.from)}` : ''}${by(event.actor)}`;
    case 'detail_dismissed':
      return `Отхвърлени данни: ${FIELD_NAMES[String(d.field) as DetailField] ?? d.field} ${quoted(d.value)}${by(event.actor)}`;
    case 'match_dismissed': {
      const other = [d.name, d.email, d.phone].filter(Boolean).join(', ');
      return `Не е същият човек като ${other || 'контакт, който вече го няма'}${by(event.actor)}`;
    }
    default:
      return event.kind;
  }
}

/** The same detail however it is written: a name without case and extra spaces, an address in lower case, a phone's digits. */
function sameDetail(field: DetailField, a: string, b: string): boolean {
  const key = (value: string) =>
    field === 'phone' ? value.replace(/[^0-9+]/g, '') : field === 'name' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : value.trim().toLowerCase();
  return key(a) === key(b);
}

/** What a form typed, said once, when any of it is not the contact's own (`undefined` when it all is). */
function sender(contact: Timeline['contact'], typed: Record<DetailField, string>): string | undefined {
  const fields = (['name', 'email', 'phone'] as const).filter((f) => typed[f].trim());
  if (fields.every((f) => sameDetail(f, typed[f], contact[f]))) return undefined;
  return `Изпратено от: ${fields.map((f) => (f === 'phone' ? formatPhone(typed[f]) : typed[f].trim())).join(' · ')}`;
}

/** Every entry of the page, newest first; `formatTime` says an instant as the consultant's clock. */
export function timelineEntries(timeline: Timeline, formatTime: (iso: string) => string): TimelineEntry[] {
  const { contact } = timeline;
  const entries: TimelineEntry[] = [
    ...timeline.inquiries.map((i) => ({
      key: `inquiry-${i.id}`,
      kind: 'inquiry' as const,
      at: i.created_at,
      title: `Запитване (${STAGES[i.status] ?? i.status})`,
      text: i.message,
      sender: sender(contact, { name: i.name, email: i.email, phone: i.phone }),
    })),
    ...timeline.bookings.map((b) => ({
      key: `booking-${b.id}`,
      kind: 'booking' as const,
      at: b.created_at,
      title: `Резервация за ${formatTime(b.preferred_date)} (${BOOKING_STATUSES[b.status] ?? b.status})`,
      text: b.message || undefined,
      sender: sender(contact, { name: b.client_name, email: b.client_email, phone: b.client_phone }),
    })),
    ...timeline.events.map((e) => ({ key: `event-${e.id}`, kind: 'event' as const, at: e.created_at, title: eventTitle(e, formatTime) })),
    ...timeline.mails.map((m) => ({ key: `mail-${m.id}`, kind: 'mail' as const, at: m.sent_at ?? m.created_at, title: `Имейл: ${m.subject}`, text: `До ${m.recipient}, ${MAIL_STATUSES[m.status] ?? m.status}` })),
    ...timeline.notes.map((n) => ({ key: `note-${n.id}`, kind: 'note' as const, at: n.created_at, title: `Бележка${by(n.author_name || null)}`, text: n.body })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.key.localeCompare(a.key));
}

/** The question before a detail becomes the contact's own. */
export function adoptQuestion(detail: Pick<UnconfirmedDetail, 'field' | 'value'>, current: string): string {
  const what = FIELD_THE[detail.field];
  return current
    ? `Да стане ли „${detail.value}“ ${what} на контакта вместо „${current}“? Досегашните данни остават в историята.`
    : `Да стане ли „${detail.value}“ ${what} на контакта?`;
}
