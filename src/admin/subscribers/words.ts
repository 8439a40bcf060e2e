/*
 * The subscribers tab's words: the states (one subscriber's, and the counts'), how an address was
 * unsubscribed, the list's texts, the questions and the toasts.
 */
import type { Subscriber, SubscriberStatus, SuppressedReason, UnsubscribedVia } from './api';

/**
 * The address as the list shows it: one unsubscribed longer than its retention period is a keyed
 * hash ('hmac:…', supabase/migrations/20261129001000_retention.sql), said as such.
 */
export function shownAddress(email: string): string {
  return email.startsWith('hmac:') ? 'Анонимизиран адрес' : email;
}

/** The counts' and the filter's words: 'Потвърдени: 12'. */
export const STATUS_PLURAL: Record<SubscriberStatus, string> = {
  pending: 'Чакат потвърждение',
  confirmed: 'Потвърдени',
  unsubscribed: 'Отписани',
  suppressed: 'Спрени',
};

/** One subscriber's state, as its badge says it. */
export const STATUS_ONE: Record<SubscriberStatus, string> = {
  pending: 'Чака потвърждение',
  confirmed: 'Потвърден',
  unsubscribed: 'Отписан',
  suppressed: 'Спрян',
};

/** Why the mail provider's report stopped an address. */
export const SUPPRESSED_REASON: Record<SuppressedReason, string> = {
  bounced: 'отказан адрес',
  complained: 'отбелязан като нежелан',
};

/** How an address was unsubscribed. */
export const UNSUBSCRIBED_VIA: Record<UnsubscribedVia, string> = {
  link: 'от връзката',
  one_click: 'с едно натискане',
  admin: 'от администратор',
};

/** The state of one subscriber in words: 'Потвърден', 'Спрян (отказан адрес)'. */
export function stateText(subscriber: Pick<Subscriber, 'status' | 'suppressed_reason'>): string {
  const state = STATUS_ONE[subscriber.status] ?? subscriber.status;
  const reason = subscriber.status === 'suppressed' && subscriber.suppressed_reason ? SUPPRESSED_REASON[subscriber.suppressed_reason] : null;
  return reason ? `${state} (${reason})` : state;
}

/** Only an address that may still get mail can be unsubscribed by hand. */
export function canUnsubscribe(subscriber: Pick<Subscriber, 'status'>): boolean {
  return subscriber.status === 'pending' || subscriber.status === 'confirmed';
}

export const subscriberListText = {
  loading: 'Зареждане на абонати...',
  loadFailed: 'Неуспешно зареждане на абонати.',
  empty: 'Все още няма абонати.',
  noMatch: 'Няма абонати, които отговарят на търсенето.',
  total: 'Общо абонати',
  found: 'Намерени абонати',
  pages: 'Страници на абонатите',
  clear: 'Изчисти търсенето',
} as const;

export const subscriberText = {
  title: 'Абонати',
  intro:
    'Бюлетинът отива само до потвърдените адреси. Спрени са адресите, чиито писма се връщат (отказан адрес), и тези, които са отбелязали писмо като нежелано: на тях не се изпраща нищо. ' +
    'Блокирането на адрес се премахва само с причина, която остава записана с името ви и часа.',
  list: 'Списък с абонати',
  counts: 'Абонати по състояние',
  countsLoading: 'Зареждане на броя по състояние...',
  countsFailed: 'Неуспешно зареждане на броя по състояние.',
  search: 'Търсене и филтър на абонатите',
  searchHint: 'Имейл',
  filter: 'Състояние',
  all: 'Всички',
  unsubscribe: 'Отпиши',
  unsubscribeTitle: 'Отписване от бюлетина',
  unsubscribed: 'Абонатът е отписан',
  unsubscribeFailed: 'Абонатът не беше отписан.',
  erase: 'Изтрий',
  eraseTitle: 'Изтриване на абоната',
  eraseConfirm: 'Изтрий завинаги',
  erased: 'Данните на абоната са изтрити',
  erasedDescription: 'Остава само записът, че е направено изтриване, без данни за човека.',
  eraseFailed: 'Данните на абоната не бяха изтрити.',
  export: 'Експорт в CSV',
  exported: 'Файлът е изтеглен',
  exportFailed: 'Неуспешен експорт на съгласията.',
  nothingToExport: 'Няма абонати за експорт',
  lift: 'Премахни блокирането',
  liftTitle: 'Премахване на блокирането',
  liftReason: 'Причина',
  liftReasonHint: 'Записва се заедно с вашето име и часа. До 500 знака.',
  liftReasonMissing: 'Напишете защо премахвате блокирането.',
  lifted: 'Блокирането е премахнато',
  liftFailed: 'Блокирането не беше премахнато.',
  liftedTerm: 'Блокирането премахнато на:',
} as const;

/** How many characters a lift's reason may have (the database refuses more). */
export const LIFT_REASON_MAX = 500;

/** What the lift dialog says before the reason: what stopped the address, and what a lift does. */
export function liftQuestion(subscriber: Pick<Subscriber, 'email' | 'suppressed_reason'>): string {
  const why =
    subscriber.suppressed_reason === 'complained'
      ? 'е отбелязал писмо от нас като нежелано'
      : 'връща писмата ни (отказан адрес)';
  return (
    `${subscriber.email} ${why}. Премахнете блокирането само ако знаете, че адресът получава писма и иска бюлетина: ` +
    'той се връща в състоянието отпреди блокирането (потвърден адрес отново получава бюлетина).'
  );
}

export function liftedDescription(email: string, status: SubscriberStatus): string {
  return `${email} отново е в състояние „${STATUS_ONE[status] ?? status}“.`;
}

/** A lift in the row, after its time: ' от Мария Иванова: „Потвърди по телефона.“'. */
export function liftedBy(name: string, reason: string): string {
  return `${name ? ` от ${name}` : ''}: „${reason}“`;
}

/** A suppression after three soft bounces says so. */
export function softBouncesText(subscriber: Pick<Subscriber, 'status' | 'suppressed_reason' | 'soft_bounces'>): string | null {
  return subscriber.status === 'suppressed' && subscriber.suppressed_reason === 'bounced' && subscriber.soft_bounces >= 3
    ? ` (след ${subscriber.soft_bounces} временни отказа)`
    : null;
}

export function unsubscribeQuestion(email: string): string {
  return `Да отпишем ли ${email}? Повече няма да получава бюлетина, докато не се абонира отново и не потвърди.`;
}

export function eraseQuestion(email: string): string {
  return (
    `Всичко за ${email} ще бъде изтрито: адресът, съгласията, връзките и писмата до него. ` +
    'Това не може да се върне. Ще остане само записът, че е направено изтриване, без данни за човека.'
  );
}

export function unsubscribedDescription(email: string): string {
  return `${email} няма да получава бюлетина.`;
}

export function exportedDescription(subscribers: number, consents: number): string {
  return `Експортирани съгласия: ${consents} (абонати: ${subscribers}).`;
}
