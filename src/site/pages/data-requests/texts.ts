import type { DataRequestKind, DataRequestState } from './api';

/* The words of /lichni-danni and of its e-mailed link's page. */

export const pageText = {
  title: 'Вашите лични данни',
  description: 'Поискайте копие на личните данни, които пазим за вас, или тяхното изтриване.',
  intro:
    'Имате право да научите какви лични данни пазим за вас и да поискате да ги изтрием. Въведете имейл адреса, с който сте ни писали, резервирали сте среща или сте се абонирали за бюлетина, и изберете какво искате.',
  steps: [
    'Ще ви изпратим имейл с връзка за потвърждение: така сме сигурни, че заявката идва от собственика на адреса.',
    'След като потвърдите, отговаряме до един месец.',
  ],
  copyHint: 'всичко, което пазим за този адрес: запитвания, резервации, бележки, абонамент за бюлетина и изпратени имейли.',
  erasureHint: 'изтриваме запитванията, бележките и имейлите; резервациите остават без лични данни. Пазим само запис, че сме изпълнили заявката.',
} as const;

export const formText = {
  email: 'Имейл адрес',
  kind: 'Какво искате?',
  send: 'Изпрати заявката',
  sending: 'Изпращане…',
  kindMissing: 'Изберете копие или изтриване на данните.',
  sentTitle: 'Проверете пощата си',
  sent:
    'Ако адресът е верен, до няколко минути ще получите имейл с връзка. Отворете я и натиснете „Потвърди заявката“: едва тогава се заемаме с нея. Ако имаме данни за този адрес, ще ги получите или изтрием до един месец от потвърждението. Връзката важи 7 дни; ако не виждате писмото, проверете и папката за нежелана поща.',
  again: 'Нова заявка',
} as const;

export const KIND_LABELS: Record<DataRequestKind, string> = {
  copy: 'Копие на данните',
  erasure: 'Изтриване на данните',
};

/** What the request asks for, inside a sentence. */
const KIND_WORDS: Record<DataRequestKind, string> = {
  copy: 'копие на данните',
  erasure: 'изтриване на данните',
};

export const confirmTitle = 'Потвърждение на заявка за лични данни';
export const confirmLabel = 'Потвърди заявката';
export const failedText = 'Нещо се обърка. Проверете връзката си и опитайте отново.';

const deadline = new Intl.DateTimeFormat('bg-BG', { dateStyle: 'long', timeZone: 'Europe/Sofia' });
/** A sentence ending in a date: '29 декември 2026 г.' already ends with its full stop. */
const sentenceEnd = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** The heading and the sentence of each state of the link's page. */
export function stateText(state: DataRequestState, link: { kind?: DataRequestKind; email?: string; dueAt?: string }): { title: string; description: string } {
  const who = link.email ?? 'вашия адрес';
  const what = link.kind ? KIND_WORDS[link.kind] : 'заявката';
  switch (state) {
    case 'ready':
      return { title: 'Потвърдете заявката си', description: `Натиснете „${confirmLabel}“, за да поискате ${what} за ${who}.` };
    case 'confirmed':
      return {
        title: 'Заявката е получена',
        description: link.dueAt
          ? `Благодарим ви! Ще отговорим на ${who} до ${sentenceEnd(deadline.format(new Date(link.dueAt)))}`
          : `Благодарим ви! Ще отговорим на ${who} до един месец.`,
      };
    case 'expired':
      return { title: 'Връзката е изтекла', description: 'Връзките за потвърждение важат 7 дни. Изпратете заявката отново.' };
    default:
      return { title: 'Връзката не е валидна', description: 'Проверете дали сте отворили цялата връзка от имейла.' };
  }
}
