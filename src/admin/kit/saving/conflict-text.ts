/** What the admin reads when someone else saved the record first (use-edit-conflict.tsx, EditConflictDialog.tsx). */
export const conflictText = {
  title: 'Някой друг промени този запис',
  message: (name: string) =>
    `Докато редактирахте, друг администратор запази промени в „${name}“. Можете да заредите текущата версия (вашите промени ще се загубят) или да запазите своята версия върху неговата.`,
  reload: 'Зареди текущата версия',
  overwrite: 'Запази моята версия',
  reloadFailed: 'Текущата версия не можа да бъде заредена.',
  /** Asked again (through useConfirm) when a row to delete changed since the list loaded it. */
  staleDelete: 'Записът е променен, откакто го заредихте. Да го изтрия ли въпреки това?',
  staleDeleteTitle: 'Записът е променен',
  /** A list action (publish toggle) met a row changed since the list loaded it. */
  staleAction: 'Докато гледахте списъка, друг администратор промени този запис. Списъкът е обновен – опитайте отново.',
} as const;
