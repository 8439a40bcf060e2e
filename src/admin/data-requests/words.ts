/* The words of the 'Заявки за лични данни' tab, and its deadlines in words. */
import type { RequestKind, RequestStatus } from './api';

export const KIND_NAMES: Record<RequestKind, string> = {
  copy: 'Копие на данните',
  erasure: 'Изтриване на данните',
};

export const STATUS_NAMES: Record<RequestStatus, string> = {
  open: 'Отворена',
  done: 'Изпълнена',
  refused: 'Отказана',
};

export const requestText = {
  title: 'Заявки за лични данни',
  intro:
    'Потвърдените заявки от страницата „Вашите лични данни“: копие или изтриване на данните. Отговорът е до един месец от потвърждението. Изтриването на контакта затваря заявката за изтриване сама.',
  list: 'Заявки',
  search: 'Търсене в заявките',
  searchHint: 'Имейл адрес',
  filter: 'Състояние',
  all: 'Всички',
  received: 'Получена:',
  due: 'Срок:',
  closed: 'Затворена:',
  handler: 'Обработва',
  nobody: 'Никой',
  takeIt: 'Поеми заявката',
  contact: 'Контакт: данни и история',
  noContact: 'Няма контакт с този адрес.',
  outcome: 'Какво е направено',
  outcomeHint: 'Записва се към заявката. До 2000 знака.',
  outcomeMissing: 'Опишете какво е направено, преди да затворите заявката.',
  done: 'Отбележи като изпълнена',
  refuse: 'Откажи заявката',
  saved: 'Заявката е записана',
  closedToast: 'Заявката е затворена',
  failed: 'Заявката не беше записана.',
} as const;

export const requestListText = {
  loading: 'Зареждане на заявките...',
  loadFailed: 'Неуспешно зареждане на заявките.',
  empty: 'Няма потвърдени заявки.',
  pages: 'Страници на заявките',
  noMatch: 'Няма заявки, които отговарят на търсенето.',
  total: 'Общо заявки',
  found: 'Намерени заявки',
  clear: 'Изчисти търсенето',
} as const;

export const OUTCOME_MAX = 2000;

const DAY = 24 * 60 * 60 * 1000;

/** How near an open request's deadline is: past it, within 7 days, or later. */
export type Urgency = 'overdue' | 'soon' | 'later';

export function urgencyOf(dueAt: string, now: number = Date.now()): { urgency: Urgency; days: number } {
  const left = Date.parse(dueAt) - now;
  // whole days past the deadline; days left, a part of one counted as one
  if (left < 0) return { urgency: 'overdue', days: Math.max(1, Math.floor(-left / DAY)) };
  return { urgency: left <= 7 * DAY ? 'soon' : 'later', days: Math.max(1, Math.ceil(left / DAY)) };
}

/** ' (просрочена с 2 дни)', ' (остават 3 дни)', or nothing when it is further. */
export function urgencyText({ urgency, days }: { urgency: Urgency; days: number }): string {
  const n = `${days} ${days === 1 ? 'ден' : 'дни'}`;
  if (urgency === 'overdue') return ` (просрочена с ${n})`;
  if (urgency === 'soon') return days <= 1 ? ' (остава 1 ден)' : ` (остават ${n})`;
  return '';
}
