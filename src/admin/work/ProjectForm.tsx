import { ArrowLeft, ArrowRight, Plus, X } from 'lucide-react';
import { useId, useMemo, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useController, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { FormField as Field } from '@/shared/ui/form-field';
import { fieldClasses, Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Tabs, TabsContent } from '@/admin/kit/tabs';
import { CompletenessBar, FormHeading, FormTabList } from '@/admin/kit/TabbedForm';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { cn } from '@/shared/ui/cn';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { adminPaths } from '@/admin/kit/addresses';
import { FormAlert, FormWarning } from '@/admin/kit/FormAlert';
import { imageAltText, isImageAltMissing } from '@/admin/kit/image-alt';
import { ImageUploadField } from '@/admin/kit/ImageUploadField';
import { seoFieldId, SeoFields } from '@/admin/kit/SeoFields';
import { seoText } from '@/admin/kit/seo';
import { projectPath } from '@/shared/config/addresses';
import { useUnsavedChanges } from '@/admin/kit/unsaved-changes';
import { useGuardedSave } from '@/admin/kit/use-guarded-save';
import { restoredRecord } from '@/admin/kit/revisions/diff';
import { RevisionsPanel } from '@/admin/kit/revisions/RevisionsPanel';
import { projectRecords, useProjectCategories, workErrorMessage } from './api';
import { GalleryEditor } from './GalleryEditor';
import {
  addTechnologies,
  altRefusalField,
  buildProjectPayload,
  emptyProjectValues,
  FIELD_TAB,
  normalizeUrl,
  projectCompleteness,
  projectFormText,
  projectSchema,
  projectSlugFromTitle,
  projectValuesFrom,
  tabCompleteness,
  type AdminProject,
  type ProjectField,
  type ProjectFormValues,
  type ProjectPayload,
} from './project-schema';
import { projectPreviewData } from './project-preview';
import { PreviewButton } from '@/admin/kit/PreviewButton';

type TabId = 'basic' | 'media' | 'gallery';

/** The order in which a failed submit looks for the first field to fix. */
const FIELD_ORDER: ProjectField[] = ['title', 'slug', 'link', 'documentation_url', 'team_size', 'image', 'image_alt', 'category', 'meta_title', 'meta_description', 'share_image_alt', 'gallery'];

export interface ProjectFormProps {
  /** The project being edited, or null for a new one. */
  project: AdminProject | null;
  /** Back to the list (after saving or on 'Назад към проектите'). */
  onDone: () => void;
}

/**
 * The project form in three tabs, on react-hook-form with the rules of
 * projectSchema: a field's message shows once it is left or the form is submitted, then live.
 */
export function ProjectForm({ project: loadedProject, onDone }: ProjectFormProps) {
  const editing = loadedProject !== null;
  const form = useSchemaForm<ProjectFormValues>(projectSchema, {
    defaultValues: loadedProject ? projectValuesFrom(loadedProject) : emptyProjectValues(),
    // a failed submit opens the tab of the first field to fix and focuses it (below)
    shouldFocusError: false,
  });
  const { register, control, setValue, getValues, formState } = form;
  const values = form.watch();
  const { confirmLeave } = useUnsavedChanges(formState.isDirty);
  const image = useController({ control, name: 'image' });
  const imageAlt = useController({ control, name: 'image_alt' });
  const shareImage = useController({ control, name: 'share_image' });
  const shareImageAlt = useController({ control, name: 'share_image_alt' });
  const gallery = useController({ control, name: 'gallery' });
  const technologies = useController({ control, name: 'technologies' });
  const [tab, setTab] = useState<TabId>('basic');
  const [uploading, setUploading] = useState(false);
  // the share image's own: both image fields stay mounted and may upload at once
  const [shareUploading, setShareUploading] = useState(false);
  const [techInput, setTechInput] = useState('');
  const save = useGuardedSave({
    loaded: loadedProject,
    form,
    valuesOf: (project) => (project ? projectValuesFrom(project) : emptyProjectValues()),
    fetchCurrent: projectRecords.fetchRecord,
    nameOf: (project) => project?.title ?? form.getValues('title'),
    mutation: projectRecords.useSave(),
    variables: (payload: ProjectPayload, id, expectedUpdatedAt) => ({ id, expectedUpdatedAt, payload }),
    savedToast: { title: editing ? 'Проектът е обновен' : 'Проектът е създаден' },
    failure: (error) => {
      // the database wants an alt text: say it on the field it is missing from, on its tab
      if (isImageAltMissing(error)) {
        const field = altRefusalField(form.getValues());
        form.setError(field, { type: 'server', message: field === 'gallery' ? projectFormText.galleryAltMissing : imageAltText.required });
        setTab(FIELD_TAB[field]);
      }
      return workErrorMessage(error, projectFormText.saveFallback);
    },
    what: 'saving the project',
    onSaved: onDone,
  });
  const categories = useProjectCategories();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  const errors = formState.errors;
  const shown = (field: ProjectField) => errors[field]?.message;
  const completeness = projectCompleteness(values);
  const done = tabCompleteness(values);
  const generatedSlug = projectSlugFromTitle(values.title);

  const categoryNames = useMemo(() => {
    const names = (categories.data ?? []).map((c) => c.name);
    if (values.category && !names.includes(values.category)) names.unshift(values.category);
    return names;
  }, [categories.data, values.category]);
  const noCategories = categories.isSuccess && categories.data.length === 0;
  const submitDisabled = save.isPending || noCategories || uploading || shareUploading;

  /** Replaces a field's value by its cleaned form (a changed value counts as an edit). */
  function clean(field: 'link' | 'documentation_url' | 'slug', cleaned: string) {
    if (cleaned && cleaned !== getValues(field)) setValue(field, cleaned, { shouldDirty: true });
  }

  /** The field's registration, with `tidy` run when it is left, before it is checked. */
  function registerTidied(field: 'link' | 'documentation_url' | 'slug', tidy: (value: string) => string) {
    const registration = register(field);
    return {
      ...registration,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        clean(field, tidy(event.target.value));
        return registration.onBlur(event);
      },
    };
  }

  function onTechKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTech();
    }
  }

  function addTech() {
    if (!techInput.trim()) return;
    technologies.field.onChange(addTechnologies(technologies.field.value, techInput));
    setTechInput('');
  }

  async function leave() {
    if (await confirmLeave()) onDone();
  }

  /** A refused submit: the first field to fix, its tab opened, its message as a toast, the focus on it. */
  function onInvalid(found: FieldErrors<ProjectFormValues>) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    setTab(FIELD_TAB[first]);
    toast({ title: 'Грешка', description: found[first]?.message, variant: 'destructive' });
    // focus the field once its tab panel is shown
    window.setTimeout(() => focusField(first), 0);
  }

  /**
   * Focuses the field to fix. The image field names its own inputs (found inside it, the alt text
   * by its label); for the gallery, the edit button of the first item without alt text.
   */
  function focusField(field: ProjectField) {
    let target: HTMLElement | null | undefined;
    if (field === 'image') {
      target = document.getElementById(id('media'))?.querySelector<HTMLElement>('input');
    } else if (field === 'image_alt') {
      const labels = document.getElementById(id('media'))?.querySelectorAll('label') ?? [];
      const label = [...labels].find((l) => l.textContent?.startsWith('Алтернативен текст'));
      target = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    } else if (field === 'meta_title' || field === 'meta_description') {
      target = document.getElementById(seoFieldId(id('seo'), field));
    } else if (field === 'share_image_alt') {
      const labels = document.getElementById(seoFieldId(id('seo'), 'share_image'))?.querySelectorAll('label') ?? [];
      const label = [...labels].find((l) => l.textContent?.startsWith(seoText.shareImageAlt));
      target = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    } else if (field === 'gallery') {
      const list = document.getElementById(id('gallery'));
      target = list?.querySelector<HTMLElement>('[data-alt-missing]') ?? list?.querySelector<HTMLElement>('button');
    } else {
      target = document.getElementById(id(field));
    }
    target?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitDisabled) return;
    // The blur rule, for a URL typed and submitted with Enter.
    clean('link', normalizeUrl(getValues('link')));
    clean('documentation_url', normalizeUrl(getValues('documentation_url')));
    void form.handleSubmit((valid) => save.submit(buildProjectPayload(valid)), onInvalid)(event);
  }

  /**
   * A stored version back in the form, saved at once by the form's own checks and save (the
   * conflict check, the toasts): the version's fields over the current project.
   */
  function restoreVersion(version: Record<string, unknown>) {
    if (!save.record || submitDisabled) return;
    const restored = projectValuesFrom(restoredRecord(save.record, version));
    for (const name of Object.keys(restored) as (keyof ProjectFormValues)[]) {
      setValue(name, restored[name] as never, { shouldDirty: true });
    }
    void form.handleSubmit((valid) => save.submit(buildProjectPayload(valid)), onInvalid)();
  }

  // Every panel stays mounted (an upload in progress on a tab the person left still finishes and
  // reports to the form); the inactive ones are hidden.
  const panel = (value: TabId) => ({
    value,
    forceMount: true as const,
    hidden: tab !== value,
    className: 'grid gap-5 data-[state=inactive]:hidden',
  });

  return (
    <section aria-labelledby={id('heading')} className="grid gap-6">
      <FormHeading
        id={id('heading')}
        title={editing ? 'Редактиране на проект' : 'Нов проект'}
        backLabel="Назад към проектите"
        onBack={() => void leave()}
        actions={<PreviewButton kind="project" form={form} toData={(v) => projectPreviewData(v, save.record, new Date())} />}
      />

      <CompletenessBar label="Попълненост на проекта" labelId={id('progress-label')} percent={completeness} />

      {formState.isSubmitted && Object.keys(errors).length > 0 && <FormWarning>{projectFormText.requiredWarning}</FormWarning>}
      {save.saveError && (
        <FormAlert title="Грешка" onRetry={save.retry} retrying={save.isPending}>
          {save.saveError}
        </FormAlert>
      )}

      <form noValidate onSubmit={onSubmit} aria-labelledby={id('heading')} aria-busy={save.isPending} className="grid gap-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
          <FormTabList
            announce
            tabs={[
              { value: 'basic', label: 'Основна информация', done: done.basic },
              { value: 'media', label: 'Медия и категория', done: done.media },
              { value: 'gallery', label: 'Галерия', done: done.gallery },
            ]}
          />

          <TabsContent {...panel('basic')}>
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
                {...registerTidied('slug', projectSlugFromTitle)}
                {...fieldAria(id('slug'), shown('slug'), true)}
              />
            </Field>
            <Field id={id('link')} label="Линк към проекта" required hint="Адресът, на който проектът работи на живо. https:// се добавя, ако липсва." error={shown('link')}>
              <Input
                id={id('link')}
                type="url"
                inputMode="url"
                placeholder="https://example.com"
                {...registerTidied('link', normalizeUrl)}
                required
                aria-required="true"
                {...fieldAria(id('link'), shown('link'), true)}
              />
            </Field>
            <Field id={id('description')} label="Кратко описание" hint="Показва се в картата на проекта на началната страница.">
              <Textarea
                id={id('description')}
                rows={3}
                className="min-h-0"
                {...register('description')}
                {...fieldAria(id('description'), undefined, true)}
              />
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
              <Input
                id={id('documentation_url')}
                type="url"
                inputMode="url"
                placeholder="https://example.com/docs"
                {...registerTidied('documentation_url', normalizeUrl)}
                {...fieldAria(id('documentation_url'), shown('documentation_url'), true)}
              />
            </Field>
            <div className="grid gap-1.5">
              <Label htmlFor={id('tech')}>Технологии</Label>
              <div className="flex gap-2">
                <Input
                  id={id('tech')}
                  value={techInput}
                  onChange={(e) => setTechInput(e.target.value)}
                  onKeyDown={onTechKey}
                  aria-describedby={`${id('tech')}-hint`}
                />
                <Button variant="outline" onClick={addTech} disabled={!techInput.trim()}>
                  <Plus aria-hidden="true" />
                  Добави технология
                </Button>
              </div>
              <p id={`${id('tech')}-hint`} className="text-xs text-slate-600">
                Натиснете Enter или запетая след всяка технология.
              </p>
              {values.technologies.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Технологии на проекта">
                  {values.technologies.map((tech) => (
                    <li key={tech}>
                      <Badge variant="secondary" className="gap-1 py-1 pr-1">
                        {tech}
                        <button
                          type="button"
                          className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                          aria-label={`Премахни ${tech}`}
                          onClick={() => technologies.field.onChange(technologies.field.value.filter((t) => t !== tech))}
                        >
                          <X aria-hidden="true" className="size-3" />
                        </button>
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="grid gap-5 sm:grid-cols-3">
              <Field id={id('client')} label="Клиент">
                <Input id={id('client')} {...register('client')} />
              </Field>
              <Field id={id('duration')} label="Продължителност">
                <Input id={id('duration')} placeholder="напр. 3 месеца" {...register('duration')} />
              </Field>
              <Field id={id('team_size')} label="Размер на екипа (хора)" error={shown('team_size')}>
                <Input
                  id={id('team_size')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  step={1}
                  {...register('team_size')}
                  {...fieldAria(id('team_size'), shown('team_size'))}
                />
              </Field>
            </div>
            <div className="flex justify-end">
              <Button onClick={() => setTab('media')}>
                Продължете към медия
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </TabsContent>

          <TabsContent {...panel('media')}>
            <div id={id('media')}>
              <ImageUploadField
                label="Основно изображение"
                required
                value={image.field.value}
                onChange={image.field.onChange}
                alt={imageAlt.field.value}
                onAltChange={imageAlt.field.onChange}
                altError={shown('image_alt')}
                folder="projects"
                successTitle="Изображението е качено"
                hint="Препоръчителен размер: 1200x800 px."
                previewWidth={360}
                previewHeight={240}
                error={shown('image')}
                onBusyChange={setUploading}
              />
            </div>
            <Field
              id={id('category')}
              label="Категория"
              required
              error={shown('category')}
              hint={noCategories ? undefined : 'Категориите се управляват в раздел „Категории“.'}
            >
              <select
                id={id('category')}
                className={cn(fieldClasses, 'h-10 py-2')}
                {...register('category')}
                required
                aria-required="true"
                {...fieldAria(id('category'), shown('category'), !noCategories)}
              >
                <option value="">{categories.isPending ? 'Зареждане на категории...' : 'Изберете категория'}</option>
                {categoryNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            {categories.isError && <p className="text-sm text-danger-700">Неуспешно зареждане на категории.</p>}
            {noCategories && (
              <FormWarning>
                {projectFormText.noCategories}{' '}
                <Link to={adminPaths.categories} className="font-medium underline underline-offset-4">
                  Към категориите
                </Link>
              </FormWarning>
            )}
            <SeoFields
              id={id('seo')}
              values={values}
              metaTitleInput={register('meta_title')}
              metaDescriptionInput={register('meta_description')}
              onShareImageChange={shareImage.field.onChange}
              onShareImageAltChange={shareImageAlt.field.onChange}
              errors={{ meta_title: shown('meta_title'), meta_description: shown('meta_description'), share_image_alt: shown('share_image_alt') }}
              own={{ title: values.title, description: values.description, image: values.image, imageAlt: values.image_alt }}
              path={projectPath({ id: '...', slug: values.slug.trim() || generatedSlug })}
              folder="projects"
              onBusyChange={setShareUploading}
            />
            <div className="flex justify-between gap-2">
              <Button variant="outline" onClick={() => setTab('basic')}>
                <ArrowLeft aria-hidden="true" />
                Назад
              </Button>
              <Button onClick={() => setTab('gallery')}>
                Продължете към галерия
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </TabsContent>

          <TabsContent {...panel('gallery')}>
            <div id={id('gallery')}>
              <GalleryEditor items={gallery.field.value} onChange={gallery.field.onChange} error={shown('gallery')} />
            </div>
            <div className="flex justify-start">
              <Button variant="outline" onClick={() => setTab('media')}>
                <ArrowLeft aria-hidden="true" />
                Назад
              </Button>
            </div>
          </TabsContent>
        </Tabs>

        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
          {noCategories && <p className="text-sm text-slate-700">Добавете категория, за да запазите проекта.</p>}
          <Button variant="outline" onClick={() => void leave()} disabled={save.isPending}>
            Отказ
          </Button>
          <Button type="submit" disabled={submitDisabled}>
            {save.isPending ? 'Запазване...' : editing ? 'Обнови проекта' : 'Създай проекта'}
          </Button>
        </div>
      </form>
      {editing && save.record && (
        <RevisionsPanel
          table="projects"
          recordId={save.record.id}
          version={save.expectedUpdatedAt}
          current={values}
          busy={submitDisabled}
          onRestore={restoreVersion}
        />
      )}
      {save.conflictDialog}
    </section>
  );
}
