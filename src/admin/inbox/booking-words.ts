/* What the bookings tab and its cards say: the lists' states, the toasts, the details' terms. */

export const bookingText = {
  loading: 'Зареждане на резервации...',
  loadFailed: 'Неуспешно зареждане на резервации.',
  statusFailed: 'Неуспешна промяна на статуса на резервацията.',
  confirmed: 'Резервацията е потвърдена',
  cancelled: 'Резервацията е отказана',
  slotFreed: 'Часът е освободен за други посетители.',
  // the database e-mails the visitor on every status change (its trigger, not this page)
  mailInvitation: 'Клиентът ще получи имейл с поканата.',
  mailCancellation: 'Клиентът ще получи имейл за отмяната.',
  noShow: 'Отбелязано: клиентът не се яви',
  noShowUndone: 'Срещата отново е потвърдена',
  // the database e-mails nobody about either
  noMail: 'Клиентът не получава имейл за това.',
  meetingLink: 'Връзка за срещата',
  noShowsThisMonth: 'Неявили се този месец',
  visitorZone: 'Часова зона на клиента',
  visitorTime: 'При клиента:',
} as const;
