import { useState, type FormEvent } from 'react';
import { useController, type FieldErrors } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { useSchemaForm } from '@/shared/forms/forms';
import { FormWarning } from '@/admin/kit/ui/FormAlert';
import { imageAltText, isImageAltMissing } from '@/admin/kit/media/image-alt';
import { EditorFrame } from '@/admin/kit/editor/EditorFrame';
import { putVersionValues, useEditor } from '@/admin/kit/editor/use-editor';
import { useGuardedSave } from '@/admin/kit/saving/use-guarded-save';
import { restoredRecord } from '@/admin/kit/editor/revisions/diff';
import { PreviewButton } from '@/admin/kit/forms/PreviewButton';
import { projectRecords, useProjectCategories, workErrorMessage } from './api';
import { GalleryEditor } from './GalleryEditor';
import { putCleaned } from './project-editor';
import { firstFieldToFix, focusProjectField } from './project-field-focus';
import { normalizeUrl, projectSlugFromTitle } from './project-fields';
import { projectFormText, type AdminProject, type ProjectPayload } from './project-record';
import {
  altRefusalField,
  buildProjectPayload,
  emptyProjectValues,
  FIELD_TAB,
  projectCompleteness,
  projectSchema,
  projectValuesFrom,
  tabCompleteness,
  type ProjectField,
  type ProjectFormValues,
} from './project-schema';
import { projectPreviewData } from './project-preview';
import { ProjectBasicTab } from './ProjectBasicTab';
import { ProjectMediaTab } from './ProjectMediaTab';

type TabId = 'basic' | 'media' | 'gallery';

export interface ProjectFormProps {
  /** The project being edited, or null for a new one. */
  project: AdminProject | null;
  /** Back to the list (after saving or on 'Назад към проектите'). */
  onDone: () => void;
}

/**
 * The project editor in three tabs, in the editor frame, on react-hook-form with the rules of
 * projectSchema: a field's message shows once it is left or the form is submitted, then live.
 * Every tab stays mounted, so an upload on a tab the admin left still finishes.
 */
export function ProjectForm({ project: loadedProject, onDone }: ProjectFormProps) {
  const editing = loadedProject !== null;
  const form = useSchemaForm<ProjectFormValues>(projectSchema, {
    defaultValues: loadedProject ? projectValuesFrom(loadedProject) : emptyProjectValues(),
    // a failed submit opens the tab of the first field to fix and focuses it (below)
    shouldFocusError: false,
  });
  const { getValues, formState } = form;
  const values = form.watch();
  const { id, tab, setTab, leave } = useEditor<TabId, ProjectFormValues>({ form, firstTab: 'basic', onDone });
  const gallery = useController({ control: form.control, name: 'gallery' });
  const [uploading, setUploading] = useState(false);
  // the share image's own: both image fields stay mounted and may upload at once
  const [shareUploading, setShareUploading] = useState(false);
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

  const errors = formState.errors;
  const shown = (field: ProjectField) => errors[field]?.message;
  const done = tabCompleteness(values);
  const noCategories = categories.isSuccess && categories.data.length === 0;
  const submitDisabled = save.isPending || noCategories || uploading || shareUploading;

  /** A refused submit: the first field to fix, its tab opened, its message as a toast, the focus on it. */
  function onInvalid(found: FieldErrors<ProjectFormValues>) {
    const first = firstFieldToFix(found);
    if (!first) return;
    setTab(FIELD_TAB[first]);
    toast({ title: 'Грешка', description: found[first]?.message, variant: 'destructive' });
    // focus the field once its tab panel is shown
    window.setTimeout(() => focusProjectField(first, id), 0);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitDisabled) return;
    // The blur rule, for a URL typed and submitted with Enter.
    putCleaned(form, 'link', normalizeUrl(getValues('link')));
    putCleaned(form, 'documentation_url', normalizeUrl(getValues('documentation_url')));
    void form.handleSubmit((valid) => save.submit(buildProjectPayload(valid)), onInvalid)(event);
  }

  /**
   * A stored version back in the form, saved at once by the form's own checks and save (the
   * conflict check, the toasts): the version's fields over the current project.
   */
  function restoreVersion(version: Record<string, unknown>) {
    if (!save.record || submitDisabled) return;
    putVersionValues(form, projectValuesFrom(restoredRecord(save.record, version)));
    void form.handleSubmit((valid) => save.submit(buildProjectPayload(valid)), onInvalid)();
  }

  const tabProps = { form, values, id, shown, generatedSlug: projectSlugFromTitle(values.title) };

  return (
    <EditorFrame
      id={id}
      title={editing ? 'Редактиране на проект' : 'Нов проект'}
      backLabel="Назад към проектите"
      onBack={() => void leave()}
      preview={<PreviewButton kind="project" form={form} toData={(v) => projectPreviewData(v, save.record, new Date())} />}
      completeness={{ label: 'Попълненост на проекта', percent: projectCompleteness(values) }}
      notices={formState.isSubmitted && Object.keys(errors).length > 0 && <FormWarning>{projectFormText.requiredWarning}</FormWarning>}
      save={save}
      onSubmit={onSubmit}
      formClassName="grid gap-6"
      tab={tab}
      onTab={setTab}
      announce
      keepMounted
      tabs={[
        { value: 'basic', label: 'Основна информация', done: done.basic, next: 'Продължете към медия', content: <ProjectBasicTab {...tabProps} /> },
        {
          value: 'media',
          label: 'Медия и категория',
          done: done.media,
          next: 'Продължете към галерия',
          content: (
            <ProjectMediaTab
              {...tabProps}
              categories={categories}
              noCategories={noCategories}
              onImageBusyChange={setUploading}
              onShareImageBusyChange={setShareUploading}
            />
          ),
        },
        {
          value: 'gallery',
          label: 'Галерия',
          done: done.gallery,
          // the gallery's own editor: its items, their order and the dialog of one item
          content: (
            <div id={id('gallery')}>
              <GalleryEditor items={gallery.field.value} onChange={gallery.field.onChange} error={shown('gallery')} />
            </div>
          ),
        },
      ]}
      footer={
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
          {noCategories && <p className="text-sm text-slate-700">Добавете категория, за да запазите проекта.</p>}
          <Button variant="outline" onClick={() => void leave()} disabled={save.isPending}>
            Отказ
          </Button>
          <Button type="submit" disabled={submitDisabled}>
            {save.isPending ? 'Запазване...' : editing ? 'Обнови проекта' : 'Създай проекта'}
          </Button>
        </div>
      }
      revisions={
        editing && save.record
          ? { table: 'projects', recordId: save.record.id, version: save.expectedUpdatedAt, current: values, busy: submitDisabled, onRestore: restoreVersion }
          : null
      }
    />
  );
}
