/*
 * 'Изтегли данните': everything the database holds about one person (contact_data_export, migration
 * 20261129000900_data_requests.sql, which records the export in the audit log before it answers),
 * as a JSON file and as a readable HTML page of its own. The page is self-contained (no script, no
 * outside style or image) and every value in it is escaped: what visitors typed is only text there.
 */
import { getSupabase } from '@/shared/db/supabase';

/** The export as the database gives it: named sections, each an object or a list of records. */
export type ContactExport = Record<string, unknown> & { contact: Record<string, unknown>; made_at: string };

export async function fetchContactExport(contact: string): Promise<ContactExport> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('contact_data_export', { contact });
  if (error) throw error;
  return data as ContactExport;
}

/** 'danni-na-kontakt-3f2a9c1e-2026-11-29' (ASCII only: any system saves it as it is). */
export function exportBaseName(contactId: string, day: Date = new Date()): string {
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return `danni-na-kontakt-${contactId.slice(0, 8)}-${date}`;
}

/** The sections in the order the page shows them, with their Bulgarian headings. */
export const SECTIONS: [key: string, heading: string][] = [
  ['contact', 'Данни за контакта'],
  ['mailboxes', 'Имейл адреси'],
  ['inquiries', 'Запитвания'],
  ['bookings', 'Резервации'],
  ['stage_history', 'История на запитванията'],
  ['notes', 'Бележки на екипа'],
  ['reviewed_details', 'Решения за данни от формите'],
  ['newsletter', 'Бюлетин'],
  ['newsletter_issues', 'Получени бюлетини'],
  ['emails', 'Изпратени имейли'],
  ['team_notifications', 'Известия до екипа'],
  ['proven_mailboxes', 'Потвърдени адреси'],
  ['data_requests', 'Заявки за лични данни'],
];

/** The fields' names in Bulgarian; a field without one is shown by its own name. */
const LABELS: Record<string, string> = {
  id: 'Номер', name: 'Име', email: 'Имейл', phone: 'Телефон', company: 'Фирма', company_name: 'Фирма', message: 'Съобщение',
  purpose: 'Цел', contact_method: 'Начин за връзка', status: 'Състояние', created_at: 'Създадено', updated_at: 'Променено',
  last_seen_at: 'Последна активност', first_touch: 'Източник на посещението', lost_reason: 'Причина за загуба',
  owner_id: 'Отговорник (номер)', follow_up_at: 'Следващ контакт', offer_amount: 'Оферта (EUR)', notified_at: 'Известен екипът',
  notify_error: 'Грешка при известяване', client_name: 'Име', client_email: 'Имейл', client_phone: 'Телефон',
  preferred_date: 'Час на срещата', visitor_time_zone: 'Часова зона', meeting_url: 'Връзка за срещата', sequence: 'Версия',
  history: 'История', kind: 'Вид', actor: 'Кой', detail: 'Подробности', at: 'Кога', by: 'Кой', inquiry_id: 'Запитване (номер)',
  booking_id: 'Резервация (номер)', author: 'Автор', body: 'Текст', field: 'Поле', value: 'Стойност', decision: 'Решение',
  suppressed_reason: 'Причина за спиране', subscribed_at: 'Абониран', confirmed_at: 'Потвърдено', unsubscribed_at: 'Отписан',
  unsubscribed_via: 'Как е отписан', suppressed_at: 'Спрян', consents: 'Съгласия', given_at: 'Дадено', page: 'Страница',
  wording: 'Текст на съгласието', wording_version: 'Версия на текста', withdrawn_at: 'Оттеглено', withdrawn_via: 'Как е оттеглено',
  suppression_lifts: 'Премахнати блокирания', lifted_at: 'Премахнато', reason: 'Причина', restored_status: 'Върнато състояние',
  subject: 'Тема', recipient: 'Получател', sent_at: 'Изпратено', mailbox: 'Адрес', proven_at: 'Потвърден', how: 'Как',
  due_at: 'Срок', outcome: 'Резултат', closed_at: 'Затворено', privacy_version: 'Версия на политиката за поверителност',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const when = new Intl.DateTimeFormat('bg-BG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Sofia' });

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const label = (key: string) => escapeHtml(LABELS[key] ?? key);

/** One value as HTML: a time on the Sofia clock, a list of records as tables, anything else as text. */
function valueHtml(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return escapeHtml(ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? when.format(new Date(value)) : value);
  if (typeof value === 'number' || typeof value === 'boolean') return escapeHtml(typeof value === 'boolean' ? (value ? 'да' : 'не') : String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return 'няма';
    return value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
      ? value.map((v) => recordHtml(v as Record<string, unknown>)).join('')
      : `<ul>${value.map((v) => `<li>${valueHtml(v)}</li>`).join('')}</ul>`;
  }
  return recordHtml(value as Record<string, unknown>);
}

function recordHtml(record: Record<string, unknown>): string {
  const rows = Object.entries(record).map(([key, v]) => `<tr><th scope="row">${label(key)}</th><td>${valueHtml(v)}</td></tr>`);
  return `<table>${rows.join('')}</table>`;
}

/** The readable page: a heading a section, every value escaped, a style of its own and nothing else. */
export function exportHtml(data: ContactExport): string {
  const name = String(data.contact.name || data.contact.email || data.contact.phone || 'контакт');
  const known = new Set(SECTIONS.map(([key]) => key));
  const sections = [...SECTIONS, ...Object.keys(data).filter((k) => !known.has(k) && k !== 'made_at').map((k): [string, string] => [k, k])]
    .filter(([key]) => key in data)
    .map(([key, heading]) => `<section><h2>${escapeHtml(heading)}</h2>${valueHtml(data[key])}</section>`);
  const title = `Лични данни: ${escapeHtml(name)}`;
  return [
    '<!doctype html>',
    '<html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${title}</title>`,
    '<style>body{font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}',
    'h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}',
    'table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid #e2e8f0;padding:.3rem .5rem;text-align:left;vertical-align:top}',
    'th{width:14rem;background:#f8fafc;font-weight:600}td{white-space:pre-wrap;word-break:break-word}</style></head><body>',
    `<h1>${title}</h1>`,
    `<p>Всичко, което пазим за този човек, към ${escapeHtml(when.format(new Date(data.made_at)))}.</p>`,
    ...sections,
    '</body></html>',
    '',
  ].join('\n');
}
