import { Picture } from '@/shared/ui/picture';
import { Badge } from '@/shared/ui/badge';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { SeoFields } from '@/admin/kit/forms/SeoFields';
import type { PostTabProps } from './post-editor';
import { postSeoProblems, type PostFormValues } from './post-schema';
import { ScheduleField } from './ScheduleField';
import { postPath } from '@/shared/config/addresses';

export interface PostMediaTabProps extends Omit<PostTabProps, 'editing'> {
  /** The date the blog's card shows: the post's publishing date, else its creation, else today. */
  cardDate: string;
  /** The card's author when the form names none: the signed-in user's name. */
  fallbackAuthor: string;
  /** The consultant's time zone, the schedule's clock. */
  zone: string;
  onBusyChange: (busy: boolean) => void;
}

/**
 * 'Медия и настройки' of the post editor: the blog card as it will look, search and sharing,
 * 'Публикувай' and the schedule. The editor's frame puts the save button below.
 */
export function PostMediaTab({ form, values, id, put, cardDate, fallbackAuthor, zone, onBusyChange }: PostMediaTabProps) {
  const { register, formState } = form;
  // the search-and-share fields' problems show at once: they sit beside the save button they hold back
  const seoProblems = postSeoProblems(values);
  const seoErrors = {
    meta_title: formState.errors.meta_title?.message ?? seoProblems.meta_title,
    meta_description: formState.errors.meta_description?.message ?? seoProblems.meta_description,
    share_image_alt: formState.errors.share_image_alt?.message ?? seoProblems.share_image_alt,
  };

  return (
    <>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium text-slate-800">Преглед на картата в блога</h3>
        <PostCardPreview values={values} date={cardDate} fallbackAuthor={fallbackAuthor} />
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
        onBusyChange={onBusyChange}
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
    </>
  );
}

/** The post's card in the blog list, from the values now. */
function PostCardPreview({ values, date, fallbackAuthor }: { values: PostFormValues; date: string; fallbackAuthor: string }) {
  return (
    <Card className="max-w-sm overflow-hidden">
      {values.featured_image ? (
        <Picture src={values.featured_image} alt={values.featured_image_alt.trim()} width={384} height={202} eager className="aspect-[1200/630] w-full object-cover" />
      ) : (
        <div className="flex aspect-[1200/630] items-center justify-center bg-slate-100 text-sm text-slate-600">Без изображение</div>
      )}
      <CardContent className="grid gap-2 pt-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>{date}</span>
          {values.category.trim() && <Badge variant="secondary">{values.category.trim()}</Badge>}
        </div>
        <p className="text-lg font-semibold text-slate-900">{values.title.trim() || 'Заглавие на публикацията'}</p>
        {values.excerpt.trim() && <p className="line-clamp-2 text-sm text-slate-700">{values.excerpt.trim()}</p>}
        <p className="text-sm text-slate-700">Автор: {values.author.trim() || fallbackAuthor || '—'}</p>
      </CardContent>
    </Card>
  );
}
