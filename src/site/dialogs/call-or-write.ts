import { site } from '@/shared/config/site';

/**
 * What the dialogs say when the site cannot take a request online (past the intake limits): call
 * or write instead. A module of its own, so only the dialogs that say it load it.
 */
export const callOrWrite = `Моля, обадете се на ${site.phone} или ни пишете на ${site.email}. Данните ви са запазени.`;
