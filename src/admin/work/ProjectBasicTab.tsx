import { FormField as Field } from '@/shared/ui/form-field';
import { Input, WholeNumberInput } from '@/shared/ui/input';
import { Textarea } from '@/shared/ui/textarea';
import { fieldAria } from '@/shared/forms/forms';
import { registerTidied, type ProjectTabProps } from './project-editor';
import { normalizeUrl, projectSlugFromTitle } from './project-fields';
import { TechnologiesField } from './TechnologiesField';
import { projectPath } from '@/shared/config/addresses';

/** A web address field: the address keyboard on a phone. */
const URL_INPUT = { type: 'url', inputMode: 'url' } as const;

/**
 * 'Основна информация' of the project editor: the title, the address (made from the title when
 * left empty), the live link, the two descriptions, the documentation, the technologies and the
 * client, duration and team size.
 */
export function ProjectBasicTab({ form, values, id, shown, generatedSlug }: ProjectTabProps) {
  const { register } = form;
  return (
    <>
      <Field id={id('title')} label="Заглавие" required error={shown('title')}>
        <Input id={id('title')} {...register('title')} maxLength={300} required aria-required="true" {...fieldAria(id('title'), shown('title'))} />
      </Field>
      <Field
        id={id('slug')}
        label="Адрес (slug)"
        hint={
          <>
            Страницата на проекта: {projectPath({ id: '...', slug: values.slug.trim() || generatedSlug })}.{' '}
            {values.slug.trim() ? 'Оставете полето празно, за да се създаде от заглавието.' : 'Ако го оставите празно, адресът се създава от заглавието.'}
          </>
        }
        error={shown('slug')}
      >
        <Input
          id={id('slug')}
          placeholder={generatedSlug || undefined}
          {...registerTidied(form, 'slug', projectSlugFromTitle)}
          {...fieldAria(id('slug'), shown('slug'), true)}
        />
      </Field>
      <Field id={id('link')} label="Линк към проекта" required hint="Адресът, на който проектът работи на живо. https:// се добавя, ако липсва." error={shown('link')}>
        <Input
          id={id('link')}
          {...URL_INPUT}
          placeholder="https://example.com"
          {...registerTidied(form, 'link', normalizeUrl)}
          required
          aria-required="true"
          {...fieldAria(id('link'), shown('link'), true)}
        />
      </Field>
      <Field id={id('description')} label="Кратко описание" hint="Показва се в картата на проекта на началната страница.">
        <Textarea id={id('description')} rows={3} className="min-h-0" {...register('description')} {...fieldAria(id('description'), undefined, true)} />
      </Field>
      <Field
        id={id('detailed')}
        label="Подробно описание"
        hint="Показва се на страницата на проекта. Поддържа лека маркировка: **удебелен** текст, списъци с -, [връзки](https://...)."
      >
        <Textarea
          id={id('detailed')}
          rows={10}
          className="min-h-[200px]"
          {...register('detailed_description')}
          {...fieldAria(id('detailed'), undefined, true)}
        />
      </Field>
      <Field id={id('documentation_url')} label="Документация (URL)" hint="По избор. https:// се добавя, ако липсва." error={shown('documentation_url')}>
        <Input id={id('documentation_url')} {...URL_INPUT} placeholder="https://example.com/docs" {...registerTidied(form, 'documentation_url', normalizeUrl)} {...fieldAria(id('documentation_url'), shown('documentation_url'), true)} />
      </Field>
      <TechnologiesField form={form} inputId={id('tech')} />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id={id('client')} label="Клиент">
          <Input id={id('client')} {...register('client')} />
        </Field>
        <Field id={id('duration')} label="Продължителност">
          <Input id={id('duration')} placeholder="напр. 3 месеца" {...register('duration')} />
        </Field>
        <Field id={id('team_size')} label="Размер на екипа (хора)" error={shown('team_size')}>
          <WholeNumberInput id={id('team_size')} min={1} max={1000} {...register('team_size')} {...fieldAria(id('team_size'), shown('team_size'))} />
        </Field>
      </div>
    </>
  );
}
