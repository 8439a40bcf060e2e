import { Markdown } from '@/shared/ui/Markdown';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Textarea } from '@/shared/ui/textarea';
import { describedBy, FormField as Field } from '@/shared/ui/form-field';
import { FormWarning } from '@/admin/kit/ui/FormAlert';
import { ImageUploadField } from '@/admin/kit/media/ImageUploadField';
import type { PostTabProps } from './post-editor';
import { EXCERPT_HINT_LENGTH, parseTags, POST_CATEGORY_SUGGESTIONS, postFormText } from './post-schema';

export interface PostContentTabProps extends Omit<PostTabProps, 'editing'> {
  /** The post has too little to read yet (postFormText.contentWarning). */
  contentWarning: boolean;
  /** The main image's alt text problem, shown as soon as the image lacks it. */
  altError: string | undefined;
  onBusyChange: (busy: boolean) => void;
}

/**
 * 'Съдържание' of the post editor: the excerpt, the Markdown body beside its live preview, the
 * category (typed or picked), the tags and the main image with its alt text.
 */
export function PostContentTab({ form, values, id, put, contentWarning, altError, onBusyChange }: PostContentTabProps) {
  const { register } = form;
  const tags = parseTags(values.tags);

  return (
    <>
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
        onBusyChange={onBusyChange}
      />
    </>
  );
}
