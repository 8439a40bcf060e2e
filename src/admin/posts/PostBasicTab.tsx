import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { errorMessage } from '@/shared/db/errors';
import { fieldAria } from '@/shared/forms/forms';
import { describedBy, FormField as Field } from '@/shared/ui/form-field';
import { slugifyPost } from '@/admin/kit/forms/slug';
import type { PostTabProps } from './post-editor';
import { postFormText, slugAfterTitleChange } from './post-schema';
import type { PostAuthors } from './use-post-authors';
import { postPath } from '@/shared/config/addresses';

/**
 * 'Основна информация' of the post editor: the title (a new post's address follows it), the
 * address, the author picked from the blog users and the author's shown name.
 */
export function PostBasicTab({ form, values, id, put, editing, authors }: PostTabProps & { authors: PostAuthors }) {
  const { register, getValues, setValue, formState } = form;
  // Errors under the fields follow the shared timing; missing required fields have the one warning above.
  const fieldError = (name: 'title' | 'slug' | 'author') => formState.errors[name]?.message;
  const slugError = fieldError('slug') === postFormText.slugInvalid ? postFormText.slugInvalid : undefined;
  const title = register('title');
  const slug = register('slug');

  return (
    <>
      <Field id={id('title')} label="Заглавие" required>
        <Input
          id={id('title')}
          {...title}
          onChange={(e) => {
            const previousTitle = getValues('title');
            const next = slugAfterTitleChange({ editing, previousTitle, title: e.target.value, slug: getValues('slug') });
            void title.onChange(e);
            if (next !== getValues('slug')) put('slug', next);
          }}
          required
          aria-required="true"
          aria-invalid={fieldError('title') ? true : undefined}
        />
      </Field>
      <Field
        id={id('slug')}
        label="Адрес (slug)"
        required
        hint={
          <>
            Адресът на публикацията: {postPath(values.slug || '...')}
            {editing ? ' При редакция адресът не се променя автоматично.' : ' Създава се от заглавието.'}
          </>
        }
        error={slugError}
      >
        <Input
          id={id('slug')}
          {...slug}
          onBlur={(e) => {
            // a typed address is tidied when the field is left (the rule is then checked on it)
            const cleaned = slugifyPost(e.target.value);
            if (cleaned && cleaned !== e.target.value) setValue('slug', cleaned, { shouldDirty: true });
            return slug.onBlur(e);
          }}
          required
          aria-required="true"
          {...fieldAria(id('slug'), slugError, true)}
          aria-invalid={fieldError('slug') ? true : undefined}
        />
      </Field>
      <Field
        id={id('author-user')}
        label="Автор (потребител)"
        hint="Само активни потребители. Изборът попълва показваното име."
        error={authors.query.isError ? `Error fetching users: ${errorMessage(authors.query.error, 'unknown error')}` : null}
      >
        <Select
          id={id('author-user')}
          value={values.created_by}
          onChange={(e) => authors.choose(e.target.value)}
          aria-describedby={describedBy(id('author-user'), true, authors.query.isError)}
        >
          <option value="">{authors.query.isLoading ? 'Зареждане на потребители...' : 'Изберете автор'}</option>
          {authors.options.map((u) => (
            <option key={u.id} value={u.id}>
              {u.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id('author')} label="Показвано име на автора" required hint="Името, което посетителите виждат под публикацията.">
        <Input
          id={id('author')}
          {...register('author')}
          required
          aria-required="true"
          aria-invalid={fieldError('author') ? true : undefined}
          aria-describedby={describedBy(id('author'), true, false)}
        />
      </Field>
    </>
  );
}
