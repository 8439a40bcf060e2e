import { codeOf, errorMessage } from '@/shared/db/errors';

/* The texts of the e-mailed links' pages (PasswordPage.tsx): a password reset and an invitation. */

export const passwordPageText = {
  recovery: {
    title: 'Нова парола',
    askIntro: 'Въведете имейла, с който влизате. Ще ви изпратим писмо с връзка за нова парола.',
    ask: 'Изпрати връзка',
    asking: 'Изпращане...',
    asked: 'Ако адресът е на потребител на панела, до минута ще получите писмо с връзка за нова парола. Връзката важи 24 часа, веднъж.',
    tooSoon: 'Вече изпратихме писмо на този адрес. Опитайте отново след минута.',
    linkIntro: 'Натиснете бутона, за да зададете нова парола за администрацията.',
    use: 'Задайте нова парола',
    spent: 'Връзката е използвана или е изтекла. Поискайте нова.',
  },
  invite: {
    title: 'Покана за администрацията',
    linkIntro: 'Натиснете бутона, за да приемете поканата и да зададете паролата си.',
    use: 'Приеми поканата',
    spent: 'Връзката е използвана или е изтекла. Помолете администратора да ви изпрати нова покана.',
    missing: 'Връзката от поканата не е пълна. Отворете я отново от писмото.',
  },
  using: 'Проверка...',
  password: 'Нова парола',
  repeat: 'Повторете паролата',
  mismatch: 'Паролите не съвпадат.',
  save: 'Запази паролата',
  saving: 'Запазване...',
  saved: 'Паролата е запазена',
  same: 'Новата парола трябва да е различна от старата.',
  failed: 'Паролата не можа да бъде запазена. Моля, опитайте отново.',
  toLogin: 'Към входа',
} as const;

/** GoTrue's refusal of a new password, in Bulgarian. */
export function passwordRefusal(error: unknown, tooShort: string): string {
  switch (codeOf(error)) {
    case 'same_password':
      return passwordPageText.same;
    case 'weak_password':
      return tooShort;
    default:
      return errorMessage(error, passwordPageText.failed);
  }
}

/** Whether GoTrue refused a link as used, unknown or expired. */
export const isSpentLink = (error: unknown) => ['otp_expired', 'otp_disabled'].includes(codeOf(error));

/** Whether GoTrue refused another e-mail to the address this soon. */
export const isTooSoon = (error: unknown) => codeOf(error) === 'over_email_send_rate_limit';
