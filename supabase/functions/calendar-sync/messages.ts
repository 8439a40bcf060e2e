// What went wrong with a feed, in the words the admin reads in the calendar tab (the database
// keeps the feed's last good busy times and shows this beside it). Never the feed's address: it
// is a secret, and so is anything that would give it away.

/** A feed could not be synced; `message` is for the admin, in Bulgarian, at most 300 characters. */
export class FeedProblem extends Error {
  constructor(message: string) {
    super(message.length > 300 ? `${message.slice(0, 299)}…` : message);
    this.name = 'FeedProblem';
  }
}

const seconds = (ms: number) => {
  const s = Math.max(1, Math.round(ms / 1000));
  return s === 1 ? '1 секунда' : `${s} секунди`;
};

export const say = {
  invalidAddress: () => 'Адресът на календара не е валиден.',
  missingAddress: () => 'Адресът на календара липсва. Добавете календара отново.',
  httpsOnly: () => 'Позволени са само адреси с https://.',
  credentials: () => 'Адресът съдържа потребителско име или парола; използвайте частния адрес на календара във формат iCal.',
  internalNetwork: () => 'Адресът сочи към вътрешна мрежа и не е разрешен.',
  unknownHost: () => 'Адресът не може да бъде достигнат: името на сървъра не е намерено.',
  unreachable: () => 'Адресът не може да бъде достигнат.',
  certificate: () => 'Адресът не може да бъде достигнат: сертификатът за защитена връзка (HTTPS) на сървъра не е валиден.',
  timeout: (ms: number) => `Календарът не отговори за ${seconds(ms)}.`,
  tooManyRedirects: (n: number) => `Адресът пренасочва повече от ${n} пъти.`,
  badRedirect: () => 'Адресът пренасочва към невалиден адрес.',
  status: (code: number) =>
    code === 401 || code === 403
      ? `Адресът отказа достъп (грешка ${code}). Възможно е връзката да е сменена; копирайте я отново от календара.`
      : code === 404 || code === 410
        ? `Календарът не е намерен на този адрес (грешка ${code}). Възможно е връзката да е сменена; копирайте я отново от календара.`
        : code >= 500
          ? `Сървърът на календара отговори с грешка ${code}. Ще опитаме отново при следващото синхронизиране.`
          : `Адресът отговори с грешка ${code}.`,
  tooLarge: (bytes: number) => `Календарът е по-голям от ${Math.round(bytes / (1024 * 1024))} MB.`,
  html: () => 'Адресът не върна календар във формат iCal (.ics), а HTML страница. Проверете дали сте копирали частния адрес във формат iCal.',
  notCalendar: () => 'Адресът не върна календар във формат iCal (.ics).',
  unreadable: (detail: string) => `Календарът не може да бъде прочетен: ${detail}`,
  notStored: () => 'Заетите часове не можаха да бъдат записани. Ще опитаме отново при следващото синхронизиране.',
  unexpected: () => 'Неочаквана грешка при синхронизирането. Ще опитаме отново при следващото синхронизиране.',
};
