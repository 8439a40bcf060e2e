/** The texts of sign-in, sign-out and admission, in one place. */
export const authMessages = {
  notAuthorized: 'User not authorized. Please contact administrator.',
  inactive: 'Your account is inactive. Please contact administrator.',
  lookupFailed: 'Не успяхме да проверим достъпа ви. Моля, опитайте отново.',
  signInSuccess: 'Успешно влизане',
  signInFailedTitle: 'Грешка при влизане',
  signInFailedFallback: 'Невалидни данни за влизане.',
  signOutSuccess: 'Успешно излизане',
  signOutFailedTitle: 'Грешка при излизане',
  signOutFailedText: 'Възникна проблем при отписването. Моля, опитайте отново.',
} as const;
