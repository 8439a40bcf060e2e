import { ArrowLeft, ArrowRight, History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useAuth } from '@/admin/kit/session/auth-context';
import { Markdown } from '@/shared/ui/Markdown';
import { Picture } from '@/shared/ui/picture';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/card';
import { Input, fieldClasses } from '@/shared/ui/input';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { Tabs, TabsContent } from '@/admin/kit/tabs';
import { CompletenessBar, FormHeading, FormTabList } from '@/admin/kit/TabbedForm';
import { Textarea } from '@/shared/ui/textarea';
import { cn } from '@/shared/ui/cn';
import { formatDateBg } from '@/shared/domain/dates';
import { errorMessage } from '@/shared/db/errors';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { slugifyPost } from '@/admin/kit/slug';
import { writeErrorMessage } from '@/admin/kit/api';
import { imageAltText, isImageAltMissing } from '@/admin/kit/image-alt';
import { FormAlert, FormWarning } from '@/admin/kit/FormAlert';
import { ImageUploadField } from '@/admin/kit/ImageUploadField';
import { SeoFields } from '@/admin/kit/SeoFields';
import { postPath } from '@/shared/config/addresses';
import { useUnsavedChanges } from '@/admin/kit/unsaved-changes';
import { useActiveBlogUsers } from '@/admin/kit/authors';
import { useGuardedSave } from '@/admin/kit/use-guarded-save';
import { restoredRecord } from '@/admin/kit/revisions/diff';
import { RevisionsPanel } from '@/admin/kit/revisions/RevisionsPanel';
import { postRecords } from './api';
import { postChangedSince, postDraftKey, postDraftText, usePostDraft } from './post-draft';
import { buildPostPayload, displayNameOf } from './post-payload';
import { postPreviewData } from './post-preview';
import { PreviewButton } from '@/admin/kit/PreviewButton';
import {
  EMPTY_POST_VALUES,
  EXCERPT_HINT_LENGTH,
  needsContentWarning,
  parseTags,
  POST_CATEGORY_SUGGESTIONS,
  postCompleteness,
  postFormText,
  postAltRefusalField,
  postProblems,
  postSchema,
  postSeoProblems,
  postValuesFrom,
  slugAfterTitleChange,
  type PostFormValues,
} from './post-schema';
import type { AdminPost, PostPayload } from './types';
import { ScheduleField } from './ScheduleField';
import { isScheduleInPast, scheduleProblem, scheduleText } from './schedule';
import { useConsultantZone } from '@/admin/kit/calendar-settings';
import { describedBy, FormField as Field } from '@/shared/ui/form-field';

type TabId = 'basic' | 'content' | 'media';

export interface PostFormProps {
  /** The post being edited, or null for a new one. */
  post: AdminPost | null;
  /** Back to the list (after saving or on 'Назад'). */
  onDone: () => void;
}

/**
 * 'Нова публикация' / 'Редактиране на публикация': the post form. The values live in
 * react-hook-form, checked by postSchema with the shared timing; the required-fields warning, the
 * completeness bar and the save button follow the values live. Unsaved changes ask before the
 * form is left, and are kept as a local draft offered when the form opens again.
 */
export function PostForm({ post: loadedPost, onDone }: PostFormProps) {
  const editing = loadedPost !== null;
  const { blogUser } = useAuth();
  const form = useSchemaForm<PostFormValues>(postSchema, { defaultValues: loadedPost ? postValuesFrom(loadedPost) : EMPTY_POST_VALUES });
  const { register, setValue, getValues, getFieldState, handleSubmit, formState } = form;
  const [tab, setTab] = useState<TabId>('basic');
  const save = useGuardedSave({
    loaded: loadedPost,
    form,
    valuesOf: (post) => (post ? postValuesFrom(post) : EMPTY_POST_VALUES),
    fetchCurrent: postRecords.fetchRecord,
    nameOf: (post) => post?.title ?? form.getValues('title'),
    mutation: postRecords.useSave(),
    variables: (payload: PostPayload, id, expectedUpdatedAt) => ({ id, expectedUpdatedAt, payload }),
    savedToast: { title: editing ? 'Публикацията е обновена' : 'Публикацията е създадена', description: 'Промените са запазени успешно.' },
    failure: (error) => {
      // the minute came while the form was open: the database's clock decides
      if (isScheduleInPast(error)) {
        form.setError('scheduled_at', { type: 'server', message: scheduleText.past });
        setTab('media');
      }
      // the database wants the image's alt text: say it on that field, on its tab
      if (isImageAltMissing(error)) {
        // the main image's, or the share image's (on the last tab)
        const field = postAltRefusalField(form.getValues());
        form.setError(field, { type: 'server', message: imageAltText.required });
        setTab(field === 'share_image_alt' ? 'media' : 'content');
      }
      return writeErrorMessage(error, postFormText.saveFallback);
    },
    what: 'saving the post',
    onSaved: () => {
      // the form closes next: its draft goes with it
      draft.clear();
      onDone();
    },
  });
  // the version being edited: replaced when the admin loads the current one after a conflict
  const post = save.record;
  const baseline = useMemo(() => (post ? postValuesFrom(post) : EMPTY_POST_VALUES), [post]);
  const values = form.watch();
  const { confirmLeave } = useUnsavedChanges(formState.isDirty);
  const draft = usePostDraft({ form, storageKey: postDraftKey(loadedPost?.id ?? null), baseline, guard: save.expectedUpdatedAt });
  const [uploading, setUploading] = useState(false);
  const authors = useActiveBlogUsers();
  // the schedule's clock is the consultant's (the calendar's zone), whatever the computer's zone
  const { zone } = useConsultantZone({ enabled: values.scheduled });
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  const problems = postProblems(values);
  const completeness = postCompleteness(values);
  const tags = parseTags(values.tags);
  const contentWarning = needsContentWarning(values);
  const canSubmit = problems.valid && !save.isPending && !uploading;
  // Errors under the fields follow the shared timing; missing required fields have the one warning above.
  const fieldError = (name: 'title' | 'slug' | 'author') => formState.errors[name]?.message;
  const slugError = fieldError('slug') === postFormText.slugInvalid ? postFormText.slugInvalid : undefined;
  // shown as soon as an image lacks it: it is why the save button waits
  const altError = formState.errors.featured_image_alt?.message ?? problems.altProblem ?? undefined;
  // the same for the search-and-share fields: they sit beside the save button they hold back
  const seoProblems = postSeoProblems(values);
  const seoErrors = {
    meta_title: formState.errors.meta_title?.message ?? seoProblems.meta_title,
    meta_description: formState.errors.meta_description?.message ?? seoProblems.meta_description,
    share_image_alt: formState.errors.share_image_alt?.message ?? seoProblems.share_image_alt,
  };

  /** A value set by the form itself (not typed): dirty, and checked when its errors already show. */
  const put = <K extends keyof PostFormValues>(name: K, value: PostFormValues[K]) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: getFieldState(name).isTouched || formState.isSubmitted });

  // Author picker: active users, plus the post's current user if that one is no longer active.
  const authorOptions = useMemo(() => {
    const list = (authors.data ?? []).map((u) => ({ id: u.id, label: displayNameOf(u) }));
    if (values.created_by && !list.some((u) => u.id === values.created_by)) {
      const name = post?.created_by === values.created_by ? displayNameOf(post.blog_users) : '';
      list.unshift({ id: values.created_by, label: `${name || 'Неизвестен потребител'} (неактивен)` });
    }
    return list;
  }, [authors.data, values.created_by, post]);

  const title = register('title');
  const slug = register('slug');

  function onAuthorUser(userId: string) {
    const chosen = authors.data?.find((u) => u.id === userId);
    put('created_by', userId);
    if (chosen) put('author', displayNameOf(chosen));
  }

  const onValid = (checked: PostFormValues) => {
    if (save.isPending || uploading) return;
    // a time already past cannot be scheduled: said on its field before anything is sent
    const scheduleIssue = scheduleProblem(checked, new Date());
    if (scheduleIssue) {
      form.setError('scheduled_at', { type: 'schedule', message: scheduleIssue });
      setTab('media');
      return;
    }
    save.submit(buildPostPayload(checked, { existing: post, signedIn: blogUser, now: new Date() }));
  };

  function restoreDraft() {
    const restored = draft.restore();
    // edits made on an older version are saved against it: a change since meets the conflict dialog
    if (restored?.updatedAt) save.guardWith(restored.updatedAt);
  }

  /**
   * A stored version back in the form, saved at once by the form's own submit (its checks, the
   * conflict check, the toasts): the version's fields over the current post, whose publish state
   * stays as it is.
   */
  function restoreVersion(version: Record<string, unknown>) {
    if (!post) return;
    const restored = postValuesFrom(restoredRecord(post, version));
    for (const name of Object.keys(restored) as (keyof PostFormValues)[]) {
      setValue(name, restored[name] as never, { shouldDirty: true });
    }
    void handleSubmit(onValid)();
  }

  async function leave() {
    if (await confirmLeave()) onDone();
  }

  const basicDone = problems.basicValid;
  const contentDone = !contentWarning && !problems.altProblem && values.excerpt.trim() !== '' && values.category.trim() !== '' && tags.length > 0;
  const previewDate = formatDateBg(post?.published_at ?? post?.created_at ?? new Date());

  return (
    <section aria-labelledby={id('heading')} className="grid gap-6">
      <FormHeading
        id={id('heading')}
        title={editing ? 'Редактиране на публикация' : 'Нова публикация'}
        backLabel="Назад към публикациите"
        onBack={() => void leave()}
        actions={<PreviewButton kind="post" form={form} toData={(v) => postPreviewData(v, { post, signedIn: blogUser, now: new Date() })} />}
      />

      <CompletenessBar label="Попълненост на публикацията" labelId={id('progress-label')} percent={completeness} />

      {draft.offer && (
        <div role="alert" className="flex flex-wrap items-start gap-3 rounded-md border border-brand-300 bg-brand-50 p-4 text-sm text-slate-800">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-semibold">{postDraftText.found(draft.offer.savedAt)}</p>
            {postChangedSince(draft.offer, post?.updated_at) && <p>{postDraftText.changedSince}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={restoreDraft}>
              {postDraftText.restore}
            </Button>
            <Button size="sm" variant="outline" onClick={draft.discard}>
              {postDraftText.discard}
            </Button>
          </div>
        </div>
      )}
      {problems.missingRequired && <FormWarning>{postFormText.requiredWarning}</FormWarning>}
      {problems.altProblem && <FormWarning>{postFormText.altWarning}</FormWarning>}
      {save.saveError && (
        <FormAlert
          title="Грешка"
          onRetry={save.retry}
          retrying={save.isPending}
        >
          {save.saveError}
        </FormAlert>
      )}

      <form noValidate onSubmit={handleSubmit(onValid)} aria-labelledby={id('heading')} aria-busy={save.isPending}>
        <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
          <FormTabList
            tabs={[
              { value: 'basic', label: 'Основна информация', done: basicDone },
              { value: 'content', label: 'Съдържание', done: contentDone },
              { value: 'media', label: 'Медия и настройки', done: problems.valid && !contentWarning },
            ]}
          />

          <TabsContent value="basic" className="grid gap-5">
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
              error={authors.isError ? `Error fetching users: ${errorMessage(authors.error, 'unknown error')}` : null}
            >
              <select
                id={id('author-user')}
                className={cn(fieldClasses, 'h-10 py-2')}
                value={values.created_by}
                onChange={(e) => onAuthorUser(e.target.value)}
                aria-describedby={describedBy(id('author-user'), true, authors.isError)}
              >
                <option value="">{authors.isLoading ? 'Зареждане на потребители...' : 'Изберете автор'}</option>
                {authorOptions.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.label}
                  </option>
                ))}
              </select>
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
            <div className="flex justify-end">
              <Button onClick={() => setTab('content')}>
                Продължете към съдържание
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </TabsContent>

          <TabsContent value="content" className="grid gap-5">
            {contentWarning && <FormWarning>{postFormText.contentWarning}</FormWarning>}
            <Field
              id={id('excerpt')}
              label="Кратко описание"
              hint={`${values.excerpt.length}/${EXCERPT_HINT_LENGTH} символа. Препоръчително до ${EXCERPT_HINT_LENGTH}.`}
            >
              <Textarea
                id={id('excerpt')}
                rows={3}
                className="min-h-0"
                {...register('excerpt')}
                aria-describedby={describedBy(id('excerpt'), true, false)}
              />
            </Field>
            <div className="grid gap-4 lg:grid-cols-2">
              <Field id={id('content')} label="Съдържание (Markdown)" hint="Заглавия с ##, списъци с -, **удебелен** текст, [връзки](https://...).">
                <Textarea
                  id={id('content')}
                  rows={12}
                  className="min-h-[300px] font-mono text-sm"
                  {...register('content')}
                  aria-describedby={describedBy(id('content'), true, false)}
                />
              </Field>
              <div className="grid content-start gap-1.5">
                <h3 id={id('preview')} className="text-sm font-medium text-slate-800">
                  Преглед
                </h3>
                <div
                  role="region"
                  aria-labelledby={id('preview')}
                  className="min-h-[300px] overflow-auto rounded-md border border-slate-200 bg-white p-4"
                >
                  {values.content.trim() ? (
                    <Markdown>{values.content}</Markdown>
                  ) : (
                    <p className="text-sm text-slate-600">Тук ще видите съдържанието така, както ще изглежда в блога.</p>
                  )}
                </div>
              </div>
            </div>
            <Field id={id('category')} label="Категория">
              <Input id={id('category')} {...register('category')} />
              <div className="max-h-[200px] overflow-y-auto" role="group" aria-label="Предложения за категория">
                <div className="flex flex-wrap gap-2 pt-1">
                  {POST_CATEGORY_SUGGESTIONS.map((c) => (
                    <Button
                      key={c}
                      size="sm"
                      variant={values.category === c ? 'default' : 'outline'}
                      aria-pressed={values.category === c}
                      onClick={() => put('category', c)}
                    >
                      {c}
                    </Button>
                  ))}
                </div>
              </div>
            </Field>
            <Field id={id('tags')} label="Етикети" hint="Разделете етикетите със запетая. Препоръчват се 3–5.">
              <Input
                id={id('tags')}
                {...register('tags')}
                aria-describedby={describedBy(id('tags'), true, false)}
              />
              {tags.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Етикети на публикацията">
                  {tags.map((t, i) => (
                    <li key={`${t}-${i}`}>
                      <Badge variant="secondary">{t}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Field>
            <ImageUploadField
              label="Основно изображение"
              value={values.featured_image}
              onChange={(url) => put('featured_image', url)}
              alt={values.featured_image_alt}
              onAltChange={(text) => put('featured_image_alt', text)}
              altError={altError}
              folder="blog"
              successTitle="Изображението е качено"
              hint="Препоръчителен размер: 1200x630 px."
              previewWidth={360}
              previewHeight={189}
              onBusyChange={setUploading}
            />
            <div className="flex justify-between gap-2">
              <Button variant="outline" onClick={() => setTab('basic')}>
                <ArrowLeft aria-hidden="true" />
                Назад
              </Button>
              <Button onClick={() => setTab('media')}>
                Продължете към медия и настройки
                <ArrowRight aria-hidden="true" />
              </Button>
            </div>
          </TabsContent>

          <TabsContent value="media" className="grid gap-5">
            <div className="grid gap-2">
              <h3 className="text-sm font-medium text-slate-800">Преглед на картата в блога</h3>
              <Card className="max-w-sm overflow-hidden">
                {values.featured_image ? (
                  <Picture src={values.featured_image} alt={values.featured_image_alt.trim()} width={384} height={202} eager className="aspect-[1200/630] w-full object-cover" />
                ) : (
                  <div className="flex aspect-[1200/630] items-center justify-center bg-slate-100 text-sm text-slate-600">Без изображение</div>
                )}
                <CardContent className="grid gap-2 pt-4">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span>{previewDate}</span>
                    {values.category.trim() && <Badge variant="secondary">{values.category.trim()}</Badge>}
                  </div>
                  <p className="text-lg font-semibold text-slate-900">{values.title.trim() || 'Заглавие на публикацията'}</p>
                  {values.excerpt.trim() && <p className="line-clamp-2 text-sm text-slate-700">{values.excerpt.trim()}</p>}
                  <p className="text-sm text-slate-700">Автор: {values.author.trim() || displayNameOf(blogUser) || '—'}</p>
                </CardContent>
              </Card>
            </div>
            <SeoFields
              id={id('seo')}
              values={values}
              metaTitleInput={register('meta_title')}
              metaDescriptionInput={register('meta_description')}
              onShareImageChange={(url) => put('share_image', url)}
              onShareImageAltChange={(text) => put('share_image_alt', text)}
              errors={seoErrors}
              own={{ title: values.title, description: values.excerpt, image: values.featured_image, imageAlt: values.featured_image_alt }}
              path={postPath(values.slug.trim() || '...')}
              folder="blog"
              // one image field is shown at a time (the tabs unmount), so they share the busy state
              onBusyChange={setUploading}
            />
            <CheckboxField
              id={id('published')}
              label="Публикувай"
              hint="Публикуваните публикации са видими за всички посетители."
              {...register('is_published')}
            />
            <ScheduleField
              published={values.is_published}
              scheduled={values.scheduled}
              scheduledAt={values.scheduled_at}
              zone={zone}
              error={formState.errors.scheduled_at?.message}
              onScheduledChange={(on) => put('scheduled', on)}
              onScheduledAtChange={(iso) => {
                put('scheduled_at', iso);
                form.clearErrors('scheduled_at');
              }}
            />
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" onClick={() => setTab('content')}>
                <ArrowLeft aria-hidden="true" />
                Назад
              </Button>
              <Button type="submit" disabled={!canSubmit} aria-busy={save.isPending}>
                {save.isPending ? 'Запазване...' : editing ? 'Обнови публикацията' : 'Създай публикацията'}
              </Button>
            </div>
          </TabsContent>
        </Tabs>
      </form>
      {editing && post && (
        <RevisionsPanel
          table="blog_posts"
          recordId={post.id}
          version={save.expectedUpdatedAt}
          current={values}
          busy={save.isPending || uploading}
          onRestore={restoreVersion}
        />
      )}
      {save.conflictDialog}
    </section>
  );
}
