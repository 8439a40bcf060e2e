import { describe, expect, it } from 'vitest';
import { emptyUserValues, userFormText, userPayload, validateUser, type UserFormValues } from '@/features/admin/users/user-form';

const valid: UserFormValues = { username: 'ivan', full_name: 'Иван', email: 'Ivan@Example.com', password: 'dobra-parola', is_active: true };

describe('user form rules', () => {
  it('requires a username and a valid e-mail', () => {
    expect(validateUser({ ...valid, username: '  ' }, 'create').username).toBe(userFormText.usernameRequired);
    expect(validateUser({ ...valid, email: '' }, 'create').email).toBe(userFormText.emailRequired);
    expect(validateUser({ ...valid, email: 'ivan@example' }, 'create').email).toBe(userFormText.emailInvalid);
    expect(validateUser({ ...valid, email: 'iv an@example.com' }, 'create').email).toBe(userFormText.emailInvalid);
    expect(validateUser(valid, 'create')).toEqual({});
  });

  it('requires a password only when creating', () => {
    expect(validateUser({ ...valid, password: '' }, 'create').password).toBe(userFormText.passwordRequired);
    expect(validateUser({ ...valid, password: '' }, 'edit').password).toBeUndefined();
  });

  it('a typed password must have at least 8 characters, also when editing', () => {
    expect(validateUser({ ...valid, password: '1234567' }, 'create').password).toBe('Паролата трябва да е поне 8 символа.');
    expect(validateUser({ ...valid, password: '1234567' }, 'edit').password).toBe('Паролата трябва да е поне 8 символа.');
    expect(validateUser({ ...valid, password: '12345678' }, 'edit').password).toBeUndefined();
  });

  it('sends no password field when it was left blank (keeps the current one)', () => {
    const payload = userPayload({ ...valid, password: '' });
    expect(payload).not.toHaveProperty('password');
    expect(payload).toEqual({ username: 'ivan', full_name: 'Иван', email: 'ivan@example.com', is_active: true });
  });

  it('sends a typed password, and null for a blank full name', () => {
    expect(userPayload({ ...valid, full_name: ' ' })).toEqual({
      username: 'ivan',
      full_name: null,
      email: 'ivan@example.com',
      is_active: true,
      password: 'dobra-parola',
    });
  });

  it('a new user starts active', () => {
    expect(emptyUserValues().is_active).toBe(true);
  });
});
