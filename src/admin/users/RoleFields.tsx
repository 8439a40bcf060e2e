import type { InputHTMLAttributes, Ref } from 'react';
import { Label } from '@/shared/ui/label';
import { ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@/admin/kit/session/roles';

/** What a role is for, in one line, under its choice (the rules themselves: kit/session/roles.ts). */
export const ROLE_DUTIES: Record<StaffRole, string> = {
  admin: 'Всичко, включително потребители, роли, настройки, одит и изпращане на бюлетина.',
  consultant: 'Запитвания, клиенти в процес, контакти, резервации и календар. Без потребители и настройки.',
  author: 'Публикации, проекти, категории, клиенти и ресурси. Без лични данни на посетители.',
};

type RadioProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/**
 * 'Роля': the three roles as radio buttons, each with what it is for, and the choice's error. The
 * user form gives each button react-hook-form's registration, the invitation form its own state
 * (`inputProps` of each role).
 */
export function RoleFields({ idPrefix, error, inputProps }: { idPrefix: string; error?: string; inputProps: (role: StaffRole) => RadioProps }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? id('role-error') : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">Роля</legend>
      {STAFF_ROLES.map((role) => (
        <div key={role} className="flex items-start gap-3">
          <input
            id={id(`role-${role}`)}
            type="radio"
            value={role}
            className="mt-1 size-4 accent-brand-600"
            aria-describedby={id(`role-${role}-duty`)}
            {...inputProps(role)}
          />
          <div className="grid">
            <Label htmlFor={id(`role-${role}`)}>{ROLE_NAMES[role]}</Label>
            <span id={id(`role-${role}-duty`)} className="text-sm text-slate-600">
              {ROLE_DUTIES[role]}
            </span>
          </div>
        </div>
      ))}
      {error && (
        <p id={id('role-error')} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
