import type { UseFormReturn } from 'react-hook-form';
import type { PostFormValues } from './post-schema';

/* What the post editor's tabs share with it: the form, its values now, the ids, and `put`. */

export type PostFormApi = UseFormReturn<PostFormValues, unknown, PostFormValues>;

/** A value set by the form itself (not typed): dirty, and checked when its errors already show. */
export type PostPut = <K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) => void;

export function postPut(form: PostFormApi): PostPut {
  return (name, value) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.getFieldState(name).isTouched || form.formState.isSubmitted });
}

export interface PostTabProps {
  form: PostFormApi;
  /** The form's values as this render watches them. */
  values: PostFormValues;
  /** The editor's ids (useEditor). */
  id: (name: string) => string;
  put: PostPut;
  /** An existing post (its address no longer follows the title). */
  editing: boolean;
}
