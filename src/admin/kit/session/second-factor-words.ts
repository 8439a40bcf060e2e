import { codeOf, errorMessage } from '@/shared/db/errors';

/*
 * What the admin reads about a second factor's code, and its checks before and after it is sent:
 * for the sign-in's code step (login/CodeStep.tsx) and the enrolment (security/), both fetched when
 * needed, so none of it is on the sign-in page's way (second-factor.ts has the rule that is).
 */

export const secondFactorText = {
  title: 'Двуфакторно удостоверяване',
  prompt: 'Въведете шестцифрения код от приложението за удостоверяване.',
  label: 'Код',
  submit: 'Потвърди',
  busy: 'Проверка...',
  cancel: 'Изход',
  empty: 'Моля, въведете кода.',
  format: 'Кодът е шест цифри.',
  wrong: 'Невалиден код. Проверете часа на телефона и опитайте отново с новия код.',
  expired: 'Времето за този код изтече. Въведете новия код от приложението.',
  fallback: 'Кодът не можа да бъде проверен. Моля, опитайте отново.',
} as const;

/** A code's problem before it is sent (empty, not six digits), else undefined. */
export function codeProblem(code: string): string | undefined {
  const value = code.replace(/\s/g, '');
  if (value === '') return secondFactorText.empty;
  return /^\d{6}$/.test(value) ? undefined : secondFactorText.format;
}

/** What the admin reads when GoTrue refuses a code: its error codes in Bulgarian, else its message. */
export function codeRefusal(error: unknown): string {
  switch (codeOf(error)) {
    case 'mfa_verification_failed':
      return secondFactorText.wrong;
    case 'mfa_challenge_expired':
      return secondFactorText.expired;
    default:
      return errorMessage(error, secondFactorText.fallback);
  }
}
