/** The client form's rules (name, logo and the logo's alt text required) and its messages. */
import * as z from 'zod/mini';
import { imageAltProblem } from '@/admin/kit/media/image-alt';
import { ruleText } from '@/shared/forms/zod-rules';
import type { AdminClient } from './api';

export const clientFormText = {
  nameRequired: 'Моля, въведете име на клиента.',
  logoRequired: 'Моля, качете лого на клиента',
  saveFallback: 'Възникна грешка при запазването на клиента.',
} as const;

const filled = (message: string) => z.string().check(z.refine((value) => value.trim() !== '', message));

/** Values are checked, never changed here: the save trims them (./api). */
export const clientSchema = z.object({
  name: filled(clientFormText.nameRequired),
  /** The uploaded or typed URL of the logo. */
  logo: filled(clientFormText.logoRequired),
  /** A client always has a logo, so always its alt text. */
  logo_alt: ruleText((value) => imageAltProblem(value)),
});

export type ClientValues = z.infer<typeof clientSchema>;

/** What the form starts from: the loaded client, or empty for 'Нов клиент'. */
export function clientValuesFrom(client: AdminClient | null): ClientValues {
  return { name: client?.name ?? '', logo: client?.logo ?? '', logo_alt: client?.logo_alt ?? '' };
}
