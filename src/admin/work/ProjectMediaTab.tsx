import { useMemo } from 'react';
import { useController } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormField as Field } from '@/shared/ui/form-field';
import { Select } from '@/shared/ui/select';
import { fieldAria } from '@/shared/forms/forms';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { FormWarning } from '@/admin/kit/ui/FormAlert';
import { ImageUploadField } from '@/admin/kit/media/ImageUploadField';
import { SeoFields } from '@/admin/kit/forms/SeoFields';
import type { useProjectCategories } from './api';
import type { ProjectTabProps } from './project-editor';
import { projectFormText } from './project-record';
import { projectPath } from '@/shared/config/addresses';

export interface ProjectMediaTabProps extends ProjectTabProps {
  categories: ReturnType<typeof useProjectCategories>;
  /** The categories are read and there is none: a project cannot be saved yet. */
  noCategories: boolean;
  /** The main image's upload and the share image's are busy on their own: both stay mounted. */
  onImageBusyChange: (busy: boolean) => void;
  onShareImageBusyChange: (busy: boolean) => void;
}

/**
 * 'Медия и категория' of the project editor: the main image with its alt text, the category
 * (managed in 'Категории'), and search and sharing.
 */
export function ProjectMediaTab(props: ProjectMediaTabProps) {
  const { form, values, id, shown, generatedSlug, categories, noCategories } = props;
  const { register, control } = form;
  const image = useController({ control, name: 'image' });
  const imageAlt = useController({ control, name: 'image_alt' });
  const shareImage = useController({ control, name: 'share_image' });
  const shareImageAlt = useController({ control, name: 'share_image_alt' });

  const categoryNames = useMemo(() => {
    const names = (categories.data ?? []).map((c) => c.name);
    if (values.category && !names.includes(values.category)) names.unshift(values.category);
    return names;
  }, [categories.data, values.category]);

  return (
    <>
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
          onBusyChange={props.onImageBusyChange}
        />
      </div>
      <Field
        id={id('category')}
        label="Категория"
        required
        error={shown('category')}
        hint={noCategories ? undefined : 'Категориите се управляват в раздел „Категории“.'}
      >
        <Select
          id={id('category')}
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
        </Select>
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
        onBusyChange={props.onShareImageBusyChange}
      />
    </>
  );
}
