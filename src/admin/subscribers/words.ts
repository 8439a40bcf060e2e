/*
 * The subscribers tab's words: the states (one subscriber's, and the counts'), how an address was
 * unsubscribed, the list's texts, the questions and the toasts.
 */
import type { Subscriber, SubscriberStatus, SuppressedReason, UnsubscribedVia } from './api';

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
    'Бюлетинът отива само до потвърдените адреси. Спрени са адресите, чиито писма се връщат (отказан адрес), и тези, които са отбелязали писмо като нежелано: на тях не се изпраща нищо.',
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
} as const;

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
