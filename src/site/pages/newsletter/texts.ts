import type { NewsletterLinkKind, NewsletterLinkState } from './api';

export interface LinkText {
  title: string;
  /** The page's sentence; `{email}` is the masked address. */
  description: string;
}

/** Page titles (the browser's tab) of the two links. */
export const pageTitles: Record<NewsletterLinkKind, string> = {
  confirm: 'Потвърждение на абонамента',
  unsubscribe: 'Отписване от бюлетина',
};

export const pressLabels: Record<NewsletterLinkKind, string> = { confirm: 'Потвърди', unsubscribe: 'Отпиши ме' };

const unknown: LinkText = {
  title: 'Връзката не е валидна',
  description: 'Проверете дали сте отворили цялата връзка от имейла.',
};
const gone: LinkText = {
  title: 'Отписахте се',
  description: 'Няма да получавате повече бюлетина на {email}.',
};
const suppressed: LinkText = {
  title: 'Не изпращаме бюлетина на този адрес',
  description: 'Писмата ни до {email} не бяха доставени или бяха отбелязани като нежелани, затова спряхме да пишем на него.',
};

/** What each state says, per kind of link. */
export const stateTexts: Record<NewsletterLinkKind, Record<NewsletterLinkState, LinkText>> = {
  confirm: {
    ready: { title: 'Потвърдете абонамента си', description: 'Натиснете „Потвърди“, за да получавате бюлетина на Синаптика на {email}.' },
    confirmed: {
      title: 'Абонаментът е потвърден',
      description: 'Благодарим ви! Ще получавате бюлетина на {email}. Във всяко писмо има връзка за отписване.',
    },
    unsubscribed: { title: 'Адресът е отписан', description: 'Ако искате отново бюлетина, абонирайте се от формата в долната част на сайта.' },
    suppressed,
    expired: { title: 'Връзката е изтекла', description: 'Връзките за потвърждение важат 7 дни. Можем да изпратим нова на {email}.' },
    replaced: {
      title: 'Има по-нова връзка',
      description: 'След тази изпратихме още един имейл за потвърждение на {email}: използвайте връзката в него или поискайте нова.',
    },
    unknown,
  },
  unsubscribe: {
    ready: { title: 'Отписване от бюлетина', description: 'Натиснете „Отпиши ме“ и няма да изпращаме повече бюлетина на {email}.' },
    confirmed: gone,
    unsubscribed: gone,
    suppressed,
    expired: unknown,
    replaced: unknown,
    unknown,
  },
};

export const resentText = 'Изпратихме нов имейл. Потвърдете абонамента от връзката в него.';
export const failedText = 'Нещо се обърка. Проверете връзката си и опитайте отново.';

export const withEmail = (text: string, email?: string) => text.replace('{email}', email ?? 'вашия адрес');
