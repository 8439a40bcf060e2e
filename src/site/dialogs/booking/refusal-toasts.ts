import { callOrWrite } from '@/site/dialogs/call-or-write';
import type { BookingRefusal } from './api';

/** How a refused booking is explained (all of them keep what the visitor typed). */
export const refusalToasts: Record<BookingRefusal, { title: string; description: string }> = {
  closed: {
    title: 'Онлайн записването е спряно',
    description: `Календарът вече не приема резервации през сайта. ${callOrWrite}`,
  },
  paused: {
    title: 'Записването е временно спряно',
    description: `Календарът на консултанта се обновява и в момента не можем да запазим часа. Опитайте отново след малко. ${callOrWrite}`,
  },
  day_off: {
    title: 'Този ден вече е почивен',
    description: 'Консултантът няма да работи в избрания ден. Моля, изберете друга дата. Данните ви са запазени.',
  },
  too_soon: {
    title: 'Избраният час вече е твърде близо',
    description: 'Консултациите се запазват с предварително известие. Моля, изберете по-късен час. Данните ви са запазени.',
  },
  too_far: {
    title: 'Тази дата вече е извън календара',
    description: 'Календарът вече не предлага толкова далечна дата. Моля, изберете по-ранна дата. Данните ви са запазени.',
  },
  slot: {
    title: 'Този час вече не се предлага',
    description: 'Календарът се промени. Моля, изберете друг свободен час. Данните ви са запазени.',
  },
  limit_client: {
    title: 'Вече имате чакащи резервации',
    description: `Не можем да приемем още една резервация през сайта, докато предишните ви чакат потвърждение. ${callOrWrite}`,
  },
  limit_email: {
    title: 'Не можем да приемем още една резервация',
    description: `За този имейл вече има чакащи резервации. ${callOrWrite}`,
  },
  limit_rate: {
    title: 'В момента получаваме много резервации',
    description: `Моля, опитайте отново след минута. ${callOrWrite}`,
  },
  limit: {
    title: 'Не можем да приемем още една резервация',
    description: callOrWrite,
  },
};
