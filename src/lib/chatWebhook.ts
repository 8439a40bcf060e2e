/*
 * Team-chat notifications for new inquiries and bookings (spec section 7).
 *
 * The bodies follow the chat service's webhook format (a content line and one embed with title,
 * colour, timestamp and fields) and are built by pure functions, so they can be tested without a
 * network. The URL comes from configuration (VITE_CHAT_WEBHOOK_URL), never from source: when it is
 * unset, nothing is sent.
 */
import { formatPhone } from '@/components/ui/phone-countries';
import { formatSlotDateTimeBg } from '@/lib/slot-format';

export interface ChatEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface ChatEmbed {
  title: string;
  color: number;
  timestamp: string;
  fields: ChatEmbedField[];
}

export interface ChatMessage {
  content: string;
  embeds: [ChatEmbed];
  /** Text typed by visitors must never ping anyone in the chat. */
  allowed_mentions: { parse: [] };
}

export type InquiryService = 'real_estate' | 'hospitality' | 'fitness' | 'custom';
export type ContactMethod = 'email' | 'phone' | 'both';

/** What an inquiry notification needs: the row saved in contact_submissions. */
export interface InquiryNotice {
  name: string;
  company: string;
  purpose: InquiryService;
  email: string;
  phone: string;
  contact_method: ContactMethod;
  message: string;
}

/** What a booking notification needs: the row saved in appointments. */
export interface BookingNotice {
  client_name: string;
  company_name: string;
  client_email: string;
  client_phone: string;
  /** ISO date-time of the slot. */
  preferred_date: string;
  message: string;
}

export const NOT_PROVIDED = 'Не е предоставен';
export const NO_MESSAGE = 'Няма съобщение';
export const NOT_SPECIFIED = 'Не е посочена';

export const SERVICE_LABELS: Record<InquiryService, string> = {
  real_estate: 'Недвижими имоти',
  hospitality: 'Туризъм и ресторанти',
  fitness: 'Фитнес',
  custom: 'Софтуер по поръчка',
};

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: 'Имейл',
  phone: 'Телефон',
  both: 'Имейл и телефон',
};

/** Embed colours: the brand blue for inquiries, the accent teal for bookings. */
export const INQUIRY_COLOR = 0x2f4cc4;
export const BOOKING_COLOR = 0x0d9488;

/** The chat service refuses field values above 1024 characters and empty ones. */
const FIELD_VALUE_MAX = 1024;

function fieldValue(value: string | null | undefined, placeholder: string): string {
  const text = (value ?? '').trim();
  if (!text) return placeholder;
  return text.length > FIELD_VALUE_MAX ? `${text.slice(0, FIELD_VALUE_MAX - 1)}…` : text;
}

/** The time zone the team reads bookings in. */
export const TEAM_TIME_ZONE = 'Europe/Sofia';

/**
 * A booking's slot as the team reads it, in the calendar's time zone:
 * '23 ноември 2026 г., 10:00 (българско време)', or '(America/New_York)' for another zone.
 */
export function formatSlotForTeam(iso: string, timeZone: string = TEAM_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = formatSlotDateTimeBg(date, timeZone);
  return `${text} (${timeZone === TEAM_TIME_ZONE ? 'българско време' : timeZone})`;
}

export function buildInquiryMessage(inquiry: InquiryNotice, now: Date = new Date()): ChatMessage {
  const service = SERVICE_LABELS[inquiry.purpose] ?? inquiry.purpose;
  return {
    content: '📩 Ново запитване от сайта',
    embeds: [
      {
        title: `Запитване: ${service}`,
        color: INQUIRY_COLOR,
        timestamp: now.toISOString(),
        fields: [
          { name: 'Име', value: fieldValue(inquiry.name, NOT_PROVIDED), inline: true },
          { name: 'Компания', value: fieldValue(inquiry.company, NOT_SPECIFIED), inline: true },
          { name: 'Услуга', value: service, inline: true },
          { name: 'Имейл', value: fieldValue(inquiry.email, NOT_PROVIDED), inline: true },
          { name: 'Телефон', value: fieldValue(formatPhone(inquiry.phone), NOT_PROVIDED), inline: true },
          {
            name: 'Предпочитан начин за контакт',
            value: CONTACT_METHOD_LABELS[inquiry.contact_method] ?? inquiry.contact_method,
            inline: true,
          },
          { name: 'Съобщение', value: fieldValue(inquiry.message, NO_MESSAGE) },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

export function buildBookingMessage(booking: BookingNotice, now: Date = new Date(), timeZone: string = TEAM_TIME_ZONE): ChatMessage {
  const when = formatSlotForTeam(booking.preferred_date, timeZone);
  return {
    content: '📅 Нова заявка за консултация',
    embeds: [
      {
        title: `Консултация: ${when}`,
        color: BOOKING_COLOR,
        timestamp: now.toISOString(),
        fields: [
          { name: 'Клиент', value: fieldValue(booking.client_name, NOT_PROVIDED), inline: true },
          { name: 'Компания', value: fieldValue(booking.company_name, NOT_SPECIFIED), inline: true },
          { name: 'Имейл', value: fieldValue(booking.client_email, NOT_PROVIDED), inline: true },
          { name: 'Телефон', value: fieldValue(formatPhone(booking.client_phone), NOT_PROVIDED), inline: true },
          { name: 'Дата и час', value: when },
          { name: 'Съобщение', value: fieldValue(booking.message, NO_MESSAGE) },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The configured webhook URL, or null when notifications are switched off. */
export function getChatWebhookUrl(): string | null {
  const url = import.meta.env?.VITE_CHAT_WEBHOOK_URL?.trim();
  return url ? url : null;
}

/**
 * Posts a message to the chat webhook. Resolves to 'skipped' when no URL is configured and
 * 'sent' on a 2xx answer; a network failure or a non-OK answer rejects.
 */
export async function sendChatMessage(
  message: ChatMessage,
  url: string | null = getChatWebhookUrl(),
  fetchImpl: typeof fetch = fetch,
): Promise<'sent' | 'skipped'> {
  if (!url) return 'skipped';
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new Error(`Chat webhook answered ${response.status}`);
  return 'sent';
}

/**
 * Sends a notification after a record was saved. It never throws: the visitor's inquiry is safe
 * in the database, so a chat outage is logged and reported as false, not shown as a failure.
 */
export async function notifyChat(message: ChatMessage): Promise<boolean> {
  try {
    await sendChatMessage(message);
    return true;
  } catch (error) {
    console.error('[chat webhook] the record was saved, but the notification failed', error);
    return false;
  }
}
