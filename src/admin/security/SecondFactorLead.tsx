import { ShieldAlert } from 'lucide-react';
import { ROLE_NAMES, type StaffRole } from '@/admin/kit/session/roles';
import { TwoFactorButton } from './TwoFactorButton';

export const SECOND_FACTOR_TITLE = 'Нужна е двуфакторна защита';

/**
 * In place of a section with visitors' personal data (or people and settings) while the session
 * has not passed a second factor: what is missing and the button that turns it on. The database
 * refuses these sections at aal1 (private.sees_visitors, is_admin); this says so before anything
 * is asked. Once the factor is confirmed the session is aal2 and the section opens in place.
 */
export function SecondFactorLead({ role, section }: { role: StaffRole; section: string }) {
  return (
    <section aria-labelledby="second-factor-lead" className="mx-auto grid max-w-xl justify-items-center gap-4 rounded-lg border border-amber-300 bg-amber-50 p-8 text-center">
      <ShieldAlert aria-hidden="true" className="h-8 w-8 text-amber-700" />
      <h2 id="second-factor-lead" className="text-lg font-semibold text-slate-900">
        {SECOND_FACTOR_TITLE}
      </h2>
      <p className="text-slate-800">
        Разделът „{section}“ съдържа лични данни. С роля „{ROLE_NAMES[role]}“ го отваряте след като включите двуфакторната
        защита и влезете с код от приложението си за удостоверяване.
      </p>
      <TwoFactorButton label="Включете двуфакторната защита" variant="default" />
    </section>
  );
}
