/** The words of the revisions panel. */
export const revisionsText = {
  heading: 'История на версиите',
  intro: 'Всяко запазване пази предишната версия. Отворете версия, за да видите разликите с текущия текст във формата, и ако желаете — да я възстановите.',
  loading: 'Зареждане на версиите...',
  loadFailed: 'Неуспешно зареждане на версиите.',
  empty: 'Няма предишни версии.',
  pages: 'Страници на версиите',
  list: 'Предишни версии',
  open: 'Покажи разликите',
  untitled: 'Без заглавие',
  unknownAuthor: 'неизвестен',
  dialogTitle: 'Версия от',
  versionLoading: 'Зареждане на версията...',
  versionFailed: 'Неуспешно зареждане на версията.',
  diffFailed: 'Разликите не можаха да се покажат.',
  legend: 'Легенда',
  legendRemoved: 'премахнато след тази версия',
  legendAdded: 'добавено след тази версия',
  removedMark: 'премахнато: ',
  addedMark: 'добавено: ',
  removedEnd: ' (край на премахнатото)',
  addedEnd: ' (край на добавеното)',
  unchanged: 'Без промени.',
  skipped: (lines: number) => (lines === 1 ? '… 1 непроменен ред …' : `… ${lines} непроменени реда …`),
  restoreNote:
    'Възстановяването връща всички полета на версията (и изображенията, етикетите и другите данни), като състоянието на публикуване остава както е сега. Запазва се като нова версия, а текущата остава в историята.',
  restore: 'Възстанови тази версия',
  confirmTitle: 'Възстановяване на версия',
  confirmMessage: (when: string) =>
    `Формата ще приеме съдържанието на версията от ${when} и то ще бъде запазено веднага. Незапазените промени във формата ще бъдат заменени. Продължавате ли?`,
  confirm: 'Възстанови',
  close: 'Затвори',
} as const;

/** Who saved a version, as the list and the dialog say it. */
export function savedBy(row: { saved_by_name: string }): string {
  return row.saved_by_name.trim() || revisionsText.unknownAuthor;
}
