/*
 * What the manage page says: the meeting's time in a zone, and every refusal of the database in
 * Bulgarian (a title and a sentence, like the booking dialog's messages).
 */
import { site } from '@/shared/config/site';
import { timeIn } from '@/shared/domain/calendar';
import type { ChangeRefusal, LinkProblem } from './api';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** 'понеделник, 7 декември 2026 г.' of an instant in a zone. */
export function dateIn(at: Date, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('bg-BG', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    dateFormats.set(zone, format);
  }
  return format.format(at);
}

/** 'понеделник, 7 декември 2026 г., 10:00–10:30 ч.' in a zone. */
export function meetingText(start: Date, end: Date, zone: string): string {
  return `${dateIn(start, zone)}, ${timeIn(start, zone)}–${timeIn(end, zone)} ч.`;
}

/** 'понеделник, 7 декември 2026 г., 22:00 ч.' in a zone. */
export function momentText(at: Date, zone: string): string {
  return `${dateIn(at, zone)}, ${timeIn(at, zone)} ч.`;
}

export interface Message {
  title: string;
  description: string;
}

export const contactText = `Обадете ни се на ${site.phone} или ни пишете на ${site.email}.`;

/** The full-page states of a link that opens no booking. */
export const linkProblemTexts: Record<LinkProblem, Message> = {
  replaced: {
    title: 'Връзката е заменена',
    description: 'След този имейл ви изпратихме по-нов за същата консултация. Работи само връзката от най-новия имейл.',
  },
  expired: {
    title: 'Връзката е изтекла',
    description: 'Срещата вече е минала, затова тази връзка не може да се използва. Ако желаете, запазете нова консултация.',
  },
  unknown: {
    title: 'Връзката не е валидна',
    description: 'Не открихме резервация с тази връзка. Проверете дали сте отворили цялата връзка от имейла.',
  },
};

/** 'Можете да преместите срещата още 2 пъти.' (1 път, 2 пъти, …) */
export function movesLeftText(movesLeft: number): string {
  return `Можете да преместите срещата още ${movesLeft} ${movesLeft === 1 ? 'път' : 'пъти'}.`;
}

/** Why a booking that may still be cancelled is no longer offered a move. */
export const noMovesLeftText = `Срещата вече е преместена толкова пъти, колкото позволява връзката, затова не може да се премести отново през сайта. ${contactText}`;

/** How a refused cancel or move is explained; `cutoffHours` is the booking's cut-off. */
export function refusalText(kind: ChangeRefusal, cutoffHours: number): Message {
  switch (kind) {
    case 'too_late':
      return {
        title: 'Вече е късно за промяна през сайта',
        description: `Срещата може да се премести или откаже онлайн до ${cutoffHours} ${cutoffHours === 1 ? 'час' : 'часа'} преди началото ѝ. ${contactText}`,
      };
    case 'already_cancelled':
      return { title: 'Консултацията вече е отменена', description: 'Тази консултация е била отменена по-рано. Можете да запазите нова по всяко време.' };
    case 'move_cancelled':
      return { title: 'Отменена консултация не може да се премести', description: 'Запазете нова консултация в удобен за вас час.' };
    case 'move_limit':
      return {
        title: 'Срещата не може да се премести отново',
        description: `Срещата вече е преместена толкова пъти, колкото позволява връзката. ${contactText}`,
      };
    case 'same_slot':
      return { title: 'Консултацията вече е в този час', description: 'Моля, изберете друг ден или час.' };
    case 'taken':
      return { title: 'Този час вече е зает', description: 'Някой току-що запази избрания от вас час. Моля, изберете друг свободен час.' };
    case 'closed':
      return { title: 'Онлайн записването е спряно', description: `Календарът вече не приема промени през сайта. ${contactText}` };
    case 'paused':
      return {
        title: 'Записването е временно спряно',
        description: `Календарът на консултанта се обновява и в момента не можем да преместим срещата. Опитайте отново след малко. ${contactText}`,
      };
    case 'day_off':
      return { title: 'Този ден вече е почивен', description: 'Консултантът няма да работи в избрания ден. Моля, изберете друга дата.' };
    case 'too_soon':
      return { title: 'Избраният час вече е твърде близо', description: 'Консултациите се запазват с предварително известие. Моля, изберете по-късен час.' };
    case 'too_far':
      return { title: 'Тази дата вече е извън календара', description: 'Календарът вече не предлага толкова далечна дата. Моля, изберете по-ранна дата.' };
    case 'slot':
      return { title: 'Този час вече не се предлага', description: 'Календарът се промени. Моля, изберете друг свободен час.' };
  }
}

/** Anything else that went wrong with a change. */
export const failedChangeText: Message = {
  title: 'Нещо се обърка',
  description: 'Промяната не беше записана. Моля, опитайте отново.',
};
