/*
 * The user form's rules and its messages: username, a valid e-mail and one of the three roles are
 * required (a new user starts as an author, the role with the least); the password is required only when creating, and a blank password while editing keeps
 * the current one (the field is then not sent at all). The database accepts passwords of at least
 * 8 characters.
 */
import * as z from 'zod/mini';
import { ruleText } from '@/shared/forms/zod-rules';
import { passwordProblem, passwordText } from '@/admin/kit/forms/password-rule';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@/admin/kit/session/roles';
import type { AdminBlogUser, BlogUserPayload } from './types';

/** The same rule as the database's check on blog_users.email. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const userFormText = {
  usernameRequired: 'Моля, въведете потребителско име.',
  emailRequired: 'Моля, въведете имейл.',
  emailInvalid: 'Моля, въведете валиден имейл адрес.',
  passwordRequired: passwordText.required,
  passwordTooShort: passwordText.tooShort,
  roleRequired: 'Изберете роля: „Администратор“, „Консултант“ или „Автор“.',
  saveFallback: 'Неуспешно запазване на потребителя.',
} as const;

export type UserFormMode = 'create' | 'edit';

function emailRule(value: string): string | null {
  const email = value.trim();
  if (!email) return userFormText.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : userFormText.emailInvalid;
}

/** A typed password is never trimmed: what was typed is what is stored. */
const passwordRule = (mode: UserFormMode) => (password: string) => passwordProblem(password, mode === 'create');

const schemaFor = (mode: UserFormMode) =>
  z.object({
    username: z.string().check(z.refine((value) => value.trim() !== '', userFormText.usernameRequired)),
    full_name: z.string(),
    email: ruleText(emailRule),
    password: ruleText(passwordRule(mode)),
    is_active: z.boolean(),
    role: z.enum(STAFF_ROLES, { error: userFormText.roleRequired }),
  });

/** One schema per mode: 'Нов потребител' needs a password, editing keeps the current one when blank. */
export const userSchemas = { create: schemaFor('create'), edit: schemaFor('edit') } as const;

export type UserFormValues = z.infer<(typeof userSchemas)['create']>;

/** A new user starts active. */
export function emptyUserValues(): UserFormValues {
  return { username: '', full_name: '', email: '', password: '', is_active: true, role: 'author' };
}

export function userValuesFrom(user: AdminBlogUser): UserFormValues {
  const role: StaffRole = isStaffRole(user.role) ? user.role : 'author';
  return { username: user.username, full_name: user.full_name ?? '', email: user.email, password: '', is_active: user.is_active, role };
}

/** The row to write: password only when typed (on edit a blank password keeps the current one). */
export function userPayload(values: UserFormValues): BlogUserPayload {
  const payload: BlogUserPayload = {
    username: values.username.trim(),
    full_name: values.full_name.trim() || null,
    email: values.email.trim().toLowerCase(),
    is_active: values.is_active,
    role: values.role,
  };
  if (values.password !== '') payload.password = values.password;
  return payload;
}
