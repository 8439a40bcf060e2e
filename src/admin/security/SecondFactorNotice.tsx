import { ShieldAlert } from 'lucide-react';
import { ROLE_NAMES, needsSecondFactor, type StaffRole } from '@/admin/kit/session/roles';
import { TwoFactorButton } from './TwoFactorButton';

/**
 * Above the panel of an administrator or consultant whose session has no second factor (their
 * first sign-in, or since a reset): the sections with visitors' data stay closed until it is on.
 * Nothing for an author, nor once the session is aal2.
 */
export function SecondFactorNotice({ role, assurance }: { role: StaffRole; assurance: string }) {
  if (!needsSecondFactor(role) || assurance === 'aal2') return null;
  return (
    <div role="note" aria-label="Двуфакторна защита" className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm text-slate-900">
        <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        <span>
          Ролята ви „{ROLE_NAMES[role]}“ работи с лични данни на посетители. Включете двуфакторната защита, за да отворите
          разделите с тях.
        </span>
      </p>
      <TwoFactorButton label="Включете двуфакторната защита" variant="default" />
    </div>
  );
}
