import type { FocusEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ProjectField, ProjectFormValues } from './project-schema';

/*
 * What the project editor's tabs share with it: the form, its values now, the ids, the messages
 * shown, and the fields that are tidied when they are left (the slug, the two web addresses).
 */

export type ProjectFormApi = UseFormReturn<ProjectFormValues, unknown, ProjectFormValues>;

export interface ProjectTabProps {
  form: ProjectFormApi;
  /** The form's values as this render watches them. */
  values: ProjectFormValues;
  /** The editor's ids (useEditor). */
  id: (name: string) => string;
  /** The message a field shows now (once it was left or the form submitted), if any. */
  shown: (field: ProjectField) => string | undefined;
  /** The slug made from the title: the address when the slug field is left empty. */
  generatedSlug: string;
}

type TidiedField = 'link' | 'documentation_url' | 'slug';

/** Replaces a field's value by its cleaned form (a changed value counts as an edit). */
export function putCleaned(form: ProjectFormApi, field: TidiedField, cleaned: string): void {
  if (cleaned && cleaned !== form.getValues(field)) form.setValue(field, cleaned, { shouldDirty: true });
}

/** The field's registration, with `tidy` run when it is left, before it is checked. */
export function registerTidied(form: ProjectFormApi, field: TidiedField, tidy: (value: string) => string) {
  const registration = form.register(field);
  return {
    ...registration,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      putCleaned(form, field, tidy(event.target.value));
      return registration.onBlur(event);
    },
  };
}
