import { useMemo, useState } from 'react';
import { useAuth } from '@/admin/kit/session/auth-context';
import { roleOf, sendsNewsletter } from '@/admin/kit/session/roles';
import { toast } from '@/shared/ui/use-toast';
import { Button } from '@/shared/ui/button';
import { formatDateBg } from '@/shared/domain/dates';
import { useSchemaForm } from '@/shared/forms/forms';
import { writeErrorMessage } from '@/admin/kit/data/api';
import { imageAltText, isImageAltMissing } from '@/admin/kit/media/image-alt';
import { FormWarning } from '@/admin/kit/ui/FormAlert';
import { DraftOffer } from '@/admin/kit/editor/DraftOffer';
import { EditorFrame } from '@/admin/kit/editor/EditorFrame';
import { putVersionValues, useEditor } from '@/admin/kit/editor/use-editor';
import { useGuardedSave } from '@/admin/kit/saving/use-guarded-save';
import { PreviewButton } from '@/admin/kit/forms/PreviewButton';
import { postRecords } from './api';
import { ownerNotChanged, usePostSave, type PostSaveVariables } from './save-post';
import { postChangedSince, postDraftKey, postDraftText, usePostDraft } from './post-draft';
import { postPut } from './post-editor';
import { buildPostPayload, displayNameOf } from './post-payload';
import { postPreviewData } from './post-preview';
import {
  EMPTY_POST_VALUES,
  needsContentWarning,
  parseTags,
  postCompleteness,
  postFormText,
  postAltRefusalField,
  postProblems,
  postSchema,
  postValuesFrom,
  postVersionValues,
  type PostFormValues,
} from './post-schema';
import type { AdminPost, PostPayload } from './types';
import { isScheduleInPast, scheduleProblem, scheduleText } from './schedule';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { PostBasicTab } from './PostBasicTab';
import { PostContentTab } from './PostContentTab';
import { PostMediaTab } from './PostMediaTab';
import { NewsletterPanel } from './NewsletterPanel';
import { usePostAuthors } from './use-post-authors';

type TabId = 'basic' | 'content' | 'media';

export interface PostFormProps {
  /** The post being edited, or null for a new one. */
  post: AdminPost | null;
  /** Back to the list (after saving or on 'Назад'). */
  onDone: () => void;
}

/**
 * 'Нова публикация' / 'Редактиране на публикация': the post editor, in the editor frame with one
 * component per tab. The values live in react-hook-form, checked by postSchema with the shared
 * timing; the required-fields warning, the completeness bar and the save button follow the values
 * live. Unsaved changes ask before the form is left, and are kept as a local draft offered when the
 * form opens again.
 */
export function PostForm({ post: loadedPost, onDone }: PostFormProps) {
  const editing = loadedPost !== null;
  const { blogUser, assurance } = useAuth();
  const mailsSubscribers = sendsNewsletter(roleOf(blogUser), assurance);
  const form = useSchemaForm<PostFormValues>(postSchema, { defaultValues: loadedPost ? postValuesFrom(loadedPost) : EMPTY_POST_VALUES });
  const { handleSubmit, formState } = form;
  const { id, tab, setTab, leave } = useEditor<TabId, PostFormValues>({ form, firstTab: 'basic', onDone });
  const save = useGuardedSave({
    loaded: loadedPost,
    form,
    valuesOf: (post) => (post ? postValuesFrom(post) : EMPTY_POST_VALUES),
    fetchCurrent: postRecords.fetchRecord,
    nameOf: (post) => post?.title ?? form.getValues('title'),
    mutation: usePostSave(),
    // the blog user before this save: the stored post's, or for a new one the signed-in admin's,
    // whom the database names; only a change is written
    variables: (payload: PostPayload, id, expectedUpdatedAt): PostSaveVariables => ({
      id,
      expectedUpdatedAt,
      payload,
      ownerBefore: id ? (post?.staff?.created_by ?? null) : (blogUser?.id ?? null),
    }),
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
    onSaved: (saved) => {
      if (ownerNotChanged(saved)) toast({ title: postFormText.ownerNotChangedTitle, description: postFormText.ownerNotChanged, variant: 'destructive' });
      // the form closes next: its draft goes with it
      draft.clear();
      onDone();
    },
  });
  // the version being edited: replaced when the admin loads the current one after a conflict
  const post = save.record;
  const baseline = useMemo(() => (post ? postValuesFrom(post) : EMPTY_POST_VALUES), [post]);
  const values = form.watch();
  const draft = usePostDraft({ form, storageKey: postDraftKey(loadedPost?.id ?? null), baseline, guard: save.expectedUpdatedAt });
  const [uploading, setUploading] = useState(false);
  const put = postPut(form);
  const authors = usePostAuthors({ createdBy: values.created_by, post, put });
  // the schedule's clock is the consultant's (the calendar's zone), whatever the computer's zone
  const { zone } = useConsultantZone({ enabled: values.scheduled });

  const problems = postProblems(values);
  const contentWarning = needsContentWarning(values);
  const canSubmit = problems.valid && !save.isPending && !uploading;
  // shown as soon as an image lacks it: it is why the save button waits
  const altError = formState.errors.featured_image_alt?.message ?? problems.altProblem ?? undefined;
  const contentDone =
    !contentWarning && !problems.altProblem && values.excerpt.trim() !== '' && values.category.trim() !== '' && parseTags(values.tags).length > 0;

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
    putVersionValues(form, postVersionValues(post, version));
    void handleSubmit(onValid)();
  }

  const tabProps = { form, values, id, put };

  return (
    <EditorFrame
      id={id}
      title={editing ? 'Редактиране на публикация' : 'Нова публикация'}
      backLabel="Назад към публикациите"
      onBack={() => void leave()}
      preview={<PreviewButton kind="post" form={form} toData={(v) => postPreviewData(v, { post, signedIn: blogUser, now: new Date() })} />}
      completeness={{ label: 'Попълненост на публикацията', percent: postCompleteness(values) }}
      notices={
        <>
          {draft.offer && (
            <DraftOffer
              text={{
                found: postDraftText.found(draft.offer.savedAt),
                changedSince: postChangedSince(draft.offer, post?.updated_at) ? postDraftText.changedSince : null,
                restore: postDraftText.restore,
                discard: postDraftText.discard,
              }}
              onRestore={restoreDraft}
              onDiscard={draft.discard}
            />
          )}
          {problems.missingRequired && <FormWarning>{postFormText.requiredWarning}</FormWarning>}
          {problems.altProblem && <FormWarning>{postFormText.altWarning}</FormWarning>}
        </>
      }
      save={save}
      onSubmit={handleSubmit(onValid)}
      tab={tab}
      onTab={setTab}
      tabs={[
        {
          value: 'basic',
          label: 'Основна информация',
          done: problems.basicValid,
          next: 'Продължете към съдържание',
          content: <PostBasicTab {...tabProps} editing={editing} authors={authors} />,
        },
        {
          value: 'content',
          label: 'Съдържание',
          done: contentDone,
          next: 'Продължете към медия и настройки',
          content: <PostContentTab {...tabProps} contentWarning={contentWarning} altError={altError} onBusyChange={setUploading} />,
        },
        {
          value: 'media',
          label: 'Медия и настройки',
          done: problems.valid && !contentWarning,
          content: (
            <PostMediaTab
              {...tabProps}
              cardDate={formatDateBg(post?.published_at ?? post?.created_at ?? new Date())}
              fallbackAuthor={displayNameOf(blogUser)}
              zone={zone}
              onBusyChange={setUploading}
            />
          ),
        },
      ]}
      lastStep={
        <Button type="submit" disabled={!canSubmit} aria-busy={save.isPending}>
          {save.isPending ? 'Запазване...' : editing ? 'Обнови публикацията' : 'Създай публикацията'}
        </Button>
      }
      after={editing && post && mailsSubscribers ? <NewsletterPanel post={post} dirty={formState.isDirty} /> : null}
      revisions={
        editing && post
          ? { table: 'blog_posts', recordId: post.id, version: save.expectedUpdatedAt, current: values, busy: save.isPending || uploading, onRestore: restoreVersion }
          : null
      }
    />
  );
}
