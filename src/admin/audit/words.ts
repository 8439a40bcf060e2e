/* The words of the 'Одит' tab: what each kind of event is, and what its record is. */
import { ROLE_NAMES, isStaffRole } from '@/admin/kit/session/roles';
import { retentionKind } from '@/shared/domain/retention';

export const AUDIT_KINDS = {
  'account.signed_in': 'Вход',
  'factor.enrolled': 'Включена двуфакторна защита',
  'factor.removed': 'Изключена двуфакторна защита',
  'factor.reset': 'Нулирана двуфакторна защита',
  'post.created': 'Нова публикация',
  'post.changed': 'Промяна на публикация',
  'post.deleted': 'Изтрита публикация',
  'project.created': 'Нов проект',
  'project.changed': 'Промяна на проект',
  'project.deleted': 'Изтрит проект',
  'category.created': 'Нова категория',
  'category.changed': 'Промяна на категория',
  'category.deleted': 'Изтрита категория',
  'client.created': 'Нов клиент',
  'client.changed': 'Промяна на клиент',
  'client.deleted': 'Изтрит клиент',
  'person.created': 'Нов потребител',
  'person.changed': 'Промяна на потребител',
  'person.role': 'Смяна на роля',
  'person.activated': 'Активиран потребител',
  'person.deactivated': 'Деактивиран потребител',
  'person.deleted': 'Изтрит потребител',
  'settings.changed': 'Промяна на настройки',
  'lead.stage': 'Етап на запитване',
  'lead.owner': 'Отговорник на запитване',
  'lead.note': 'Бележка към контакт',
  'export.csv': 'Експорт в CSV',
  'contact.export': 'Изтегляне на данните на контакт',
  'contact.erased': 'Изтрити данни на контакт',
  'lead.deleted': 'Изтрито запитване',
  'booking.deleted': 'Изтрита резервация',
  'subscriber.erased': 'Изтрит абонат',
  'newsletter.sent': 'Изпратен бюлетин',
  'newsletter.suppression_lifted': 'Премахнато блокиране на абонат',
  'privacy.published': 'Публикувана политика за поверителност',
  'data_request.received': 'Получена заявка за лични данни',
  'data_request.confirmed': 'Потвърдена заявка за лични данни',
  'data_request.handled': 'Промяна на заявка за лични данни',
  'data_request.closed': 'Затворена заявка за лични данни',
} as const satisfies Record<string, string>;

export type AuditKind = keyof typeof AUDIT_KINDS;

/** The kind filter's groups, as the owner asks: who came in, what changed, whose data left. */
export const AUDIT_GROUPS: { value: string; label: string; kinds: AuditKind[] | null }[] = [
  { value: '', label: 'Всички събития', kinds: null },
  { value: 'access', label: 'Вход и двуфакторна защита', kinds: ['account.signed_in', 'factor.enrolled', 'factor.removed', 'factor.reset'] },
  { value: 'content', label: 'Публикации, проекти, категории, клиенти', kinds: ['post.created', 'post.changed', 'post.deleted', 'project.created', 'project.changed', 'project.deleted', 'category.created', 'category.changed', 'category.deleted', 'client.created', 'client.changed', 'client.deleted'] },
  { value: 'people', label: 'Потребители и настройки', kinds: ['person.created', 'person.changed', 'person.role', 'person.activated', 'person.deactivated', 'person.deleted', 'settings.changed', 'privacy.published'] },
  { value: 'leads', label: 'Запитвания и контакти', kinds: ['lead.stage', 'lead.owner', 'lead.note'] },
  { value: 'data', label: 'Експорти и изтривания на данни', kinds: ['export.csv', 'contact.export', 'contact.erased', 'lead.deleted', 'booking.deleted', 'subscriber.erased'] },
  { value: 'newsletter', label: 'Бюлетин', kinds: ['newsletter.sent', 'newsletter.suppression_lifted'] },
  { value: 'data-requests', label: 'Заявки за лични данни', kinds: ['data_request.received', 'data_request.confirmed', 'data_request.handled', 'data_request.closed'] },
];

export const kindText = (kind: string) => (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;

const TABLES: Record<string, string> = {
  blog_posts: 'публикация',
  projects: 'проект',
  project_categories: 'категория',
  clients: 'клиент',
  blog_users: 'потребител',
  calendar_settings: 'календар',
  meeting_settings: 'срещи',
  contact_submissions: 'запитване',
  appointments: 'резервация',
  lead_notes: 'бележка',
  contacts: 'контакт',
  newsletter_subscribers: 'абонат',
  newsletter_sends: 'бюлетин',
  data_requests: 'заявка за лични данни',
  privacy_settings: 'поверителност',
  privacy_notices: 'версия на политиката',
  sessions: 'сесия',
  mfa_factors: 'фактор',
  retention_settings: 'срок за пазене',
};

/** 'публикация 3f2a…': the record, by its kind and the start of its id (the log keeps ids, never values). */
export function recordText(table: string | null, id: string | null): string {
  if (!table && !id) return '';
  // a retention period by the kind's name ('срок за пазене „Одитен дневник“')
  const period = table === 'retention_settings' && id ? retentionKind(id) : undefined;
  if (period) return `${TABLES.retention_settings} „${period.label}“`;
  const name = (table && TABLES[table.replace(/^.*\./, '')]) ?? table ?? '';
  return [name, id ? (id.length > 12 ? `${id.slice(0, 8)}…` : id) : ''].filter(Boolean).join(' ');
}

/** What the detail says, in words: the fields changed, a stage's or owner's move, a count. */
export function detailText(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(d.fields) && d.fields.length) parts.push(`полета: ${d.fields.join(', ')}`);
  // a role by its name ('Автор → Консултант'); a stage or an owner as recorded
  const said = (value: unknown) => (isStaffRole(value) ? ROLE_NAMES[value] : String(value ?? '—'));
  if ('from' in d || 'to' in d) parts.push(`${said(d.from)} → ${said(d.to)}`);
  if (typeof d.rows === 'number') parts.push(`записи: ${d.rows}`);
  return parts.join('; ');
}

export const auditText = {
  title: 'Одит',
  intro: 'Кой какво е направил: входове, промени, експорти и изтривания. Никой не може да промени записите.',
  kept: (period: string) => `Записите се пазят ${period}. Срокът се променя в „Поверителност“, със сроковете за пазене на другите данни.`,
  person: 'Потребител',
  everyone: 'Всички потребители',
  kind: 'Вид',
  from: 'От дата',
  until: 'До дата (включително)',
  older: 'По-стари записи',
  empty: 'Няма записи за избраните филтри.',
  system: 'Системата',
  exportCsv: 'Експорт в CSV',
  exported: 'Файлът е изтеглен',
  exportFailed: 'Неуспешен експорт на одита.',
  loadFailed: 'Неуспешно зареждане на одита.',
} as const;
