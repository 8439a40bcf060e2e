import { describe, expect, it } from 'vitest';
import { emptyUserValues, userFormText, userPayload, userSchemas, type UserFormMode, type UserFormValues } from '@/admin/users/schema';

const valid: UserFormValues = { username: 'ivan', full_name: 'Иван', email: 'Ivan@Example.com', password: 'dobra-parola', is_active: true, role: 'author' };

/** The schema's message per field ({} when the values pass). */
function errorsOf(values: UserFormValues, mode: UserFormMode): Record<string, string> {
  const result = userSchemas[mode].safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('user form schema', () => {
  it('requires a username and a valid e-mail', () => {
    expect(errorsOf({ ...valid, username: '  ' }, 'create').username).toBe(userFormText.usernameRequired);
    expect(errorsOf({ ...valid, email: '' }, 'create').email).toBe(userFormText.emailRequired);
    expect(errorsOf({ ...valid, email: 'ivan@example' }, 'create').email).toBe(userFormText.emailInvalid);
    expect(errorsOf({ ...valid, email: 'iv an@example.com' }, 'create').email).toBe(userFormText.emailInvalid);
    expect(errorsOf(valid, 'create')).toEqual({});
  });

  it('requires a password only when creating', () => {
    expect(errorsOf({ ...valid, password: '' }, 'create').password).toBe(userFormText.passwordRequired);
    expect(errorsOf({ ...valid, password: '' }, 'edit').password).toBeUndefined();
  });

  it('a typed password must have at least 8 characters, also when editing', () => {
    expect(errorsOf({ ...valid, password: '1234567' }, 'create').password).toBe('Паролата трябва да е поне 8 символа.');
    expect(errorsOf({ ...valid, password: '1234567' }, 'edit').password).toBe('Паролата трябва да е поне 8 символа.');
    expect(errorsOf({ ...valid, password: '12345678' }, 'edit').password).toBeUndefined();
  });

  it('the messages are the spec texts', () => {
    expect(userFormText).toMatchObject({
      usernameRequired: 'Моля, въведете потребителско име.',
      emailRequired: 'Моля, въведете имейл.',
      emailInvalid: 'Моля, въведете валиден имейл адрес.',
      passwordRequired: 'Моля, въведете парола.',
    });
  });

  it('sends no password field when it was left blank (keeps the current one)', () => {
    const payload = userPayload({ ...valid, password: '' });
    expect(payload).not.toHaveProperty('password');
    expect(payload).toEqual({ username: 'ivan', full_name: 'Иван', email: 'ivan@example.com', is_active: true, role: 'author' });
  });

  it('sends a typed password, and null for a blank full name', () => {
    expect(userPayload({ ...valid, full_name: ' ' })).toEqual({
      username: 'ivan',
      full_name: null,
      email: 'ivan@example.com',
      is_active: true,
      role: 'author',
      password: 'dobra-parola',
    });
  });

  it('a new user starts active, as an author (the role with the least)', () => {
    expect(emptyUserValues().is_active).toBe(true);
    expect(emptyUserValues().role).toBe('author');
  });

  it('refuses a role that does not exist, in Bulgarian', () => {
    expect(errorsOf({ ...valid, role: 'owner' as UserFormValues['role'] }, 'create')).toEqual({ role: userFormText.roleRequired });
  });
});
