/** The client form's rules (spec section 5): name required; logo required. */
export const clientFormText = {
  nameRequired: 'Моля, въведете име на клиента.',
  logoRequired: 'Моля, качете лого на клиента',
  saveFallback: 'Възникна грешка при запазването на клиента.',
} as const;

export interface ClientFormErrors {
  name?: string;
  logo?: string;
}

export function validateClient(values: { name: string; logo: string }): ClientFormErrors {
  const errors: ClientFormErrors = {};
  if (!values.name.trim()) errors.name = clientFormText.nameRequired;
  if (!values.logo.trim()) errors.logo = clientFormText.logoRequired;
  return errors;
}
