import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Textarea } from '@/shared/ui/textarea';
import { fieldAria } from '@/shared/forms/forms';
import { formatTitle } from '@/shared/layout/seo';
import { Card } from '../ui/card';
import { ImageUploadField } from '../media/ImageUploadField';
import {
  counterText,
  domainOf,
  effectiveSeo,
  fallbackDescription,
  fallbackHint,
  isOverShown,
  overShownNote,
  searchResultPreview,
  SEO_DESCRIPTION_SHOWN,
  SEO_TITLE_SHOWN,
  seoText,
  truncateForResult,
  type SeoValues,
} from './seo';

export interface SeoFieldsProps {
  /** The base of the section's ids (its controls are `${id}-meta-title`, `${id}-meta-description`, `${id}-share`). */
  id: string;
  values: SeoValues;
  /** The two texts' registrations, so they keep the form's own timing of errors. */
  metaTitleInput: UseFormRegisterReturn;
  metaDescriptionInput: UseFormRegisterReturn;
  onShareImageChange: (url: string) => void;
  onShareImageAltChange: (alt: string) => void;
  errors: { meta_title?: string; meta_description?: string; share_image_alt?: string };
  /** The page's own title, description and main image: what an empty field falls back to. */
  own: { title: string; description: string; image: string; imageAlt: string };
  /** The page's path on the public site ('/blog/my-post'). */
  path: string;
  /** The upload folder of the share image ('blog', 'projects'). */
  folder: string;
  onBusyChange?: (busy: boolean) => void;
}

/** The id of one of the section's fields, for a form that focuses the field to fix. */
export const seoFieldId = (id: string, field: 'meta_title' | 'meta_description' | 'share_image') =>
  `${id}-${field === 'meta_title' ? 'meta-title' : field === 'meta_description' ? 'meta-description' : 'share'}`;

/**
 * 'Търсачки и споделяне' of the post and project forms: the meta title and description with
 * their counters at the lengths a result shows and the fallback each empty field gets, the share
 * image with its alt text, and previews of the search result and the share card that follow the
 * values as they are typed.
 */
export function SeoFields({
  id,
  values,
  metaTitleInput,
  metaDescriptionInput,
  onShareImageChange,
  onShareImageAltChange,
  errors,
  own,
  path,
  folder,
  onBusyChange,
}: SeoFieldsProps) {
  // the page's head appends the brand to its own title, never to a meta title
  const ownTitle = own.title.trim() ? formatTitle(own.title) : '';
  const seo = effectiveSeo(values, { title: ownTitle, description: own.description, image: own.image, imageAlt: own.imageAlt });
  const result = searchResultPreview(seo, path);
  const titleId = seoFieldId(id, 'meta_title');
  const descriptionId = seoFieldId(id, 'meta_description');
  const titleFallback = ownTitle || 'заглавието';
  const descriptionFallback = fallbackDescription(own.description);

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <div className="grid gap-1">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {seoText.section}
        </h3>
        <p className="text-sm text-slate-600">{seoText.intro}</p>
      </div>

      <FormField
        id={titleId}
        label={seoText.metaTitle}
        hint={<LengthHint text={values.meta_title} shown={SEO_TITLE_SHOWN} fallback={titleFallback} />}
        error={errors.meta_title}
      >
        <Input id={titleId} placeholder={ownTitle || undefined} {...metaTitleInput} {...fieldAria(titleId, errors.meta_title, true)} />
        <OverShownAnnouncer text={values.meta_title} shown={SEO_TITLE_SHOWN} />
      </FormField>

      <FormField
        id={descriptionId}
        label={seoText.metaDescription}
        hint={<LengthHint text={values.meta_description} shown={SEO_DESCRIPTION_SHOWN} fallback={truncateForResult(descriptionFallback, SEO_DESCRIPTION_SHOWN)} />}
        error={errors.meta_description}
      >
        <Textarea
          id={descriptionId}
          rows={3}
          className="min-h-0"
          placeholder={descriptionFallback}
          {...metaDescriptionInput}
          {...fieldAria(descriptionId, errors.meta_description, true)}
        />
        <OverShownAnnouncer text={values.meta_description} shown={SEO_DESCRIPTION_SHOWN} />
      </FormField>

      <div id={seoFieldId(id, 'share_image')}>
        <ImageUploadField
          label={seoText.shareImage}
          value={values.share_image}
          onChange={onShareImageChange}
          alt={values.share_image_alt}
          onAltChange={onShareImageAltChange}
          altError={errors.share_image_alt}
          folder={folder}
          successTitle="Изображението е качено"
          hint={seoText.shareImageHint}
          uploadLabel={seoText.shareImageUpload}
          urlLabel={seoText.shareImageUrl}
          altLabel={seoText.shareImageAlt}
          previewWidth={360}
          previewHeight={189}
          onBusyChange={onBusyChange}
        />
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <figure aria-labelledby={`${id}-search`} className="grid content-start gap-2">
          <figcaption id={`${id}-search`} className="text-sm font-medium text-slate-800">
            {seoText.searchPreview}
          </figcaption>
          <div className="grid gap-1 rounded-lg border border-slate-200 bg-white p-4">
            <p className="truncate text-xs text-slate-700" title={result.address}>
              {result.shownAddress}
            </p>
            <p className="text-lg leading-snug text-brand-700">{result.title || '—'}</p>
            <p className="text-sm leading-normal text-slate-700">{result.description}</p>
          </div>
        </figure>

        <figure aria-labelledby={`${id}-share-card`} className="grid content-start gap-2">
          <figcaption id={`${id}-share-card`} className="text-sm font-medium text-slate-800">
            {seoText.sharePreview}
          </figcaption>
          <Card className="max-w-md overflow-hidden">
            <SharePicture src={seo.image} alt={seo.imageAlt} />
            <div className="grid gap-0.5 border-t border-slate-200 bg-slate-50 px-3 py-2">
              <p className="text-xs uppercase tracking-wide text-slate-600">{domainOf()}</p>
              <p className="line-clamp-2 font-semibold text-slate-900">{seo.title || '—'}</p>
              <p className="line-clamp-2 text-sm text-slate-700">{seo.description}</p>
            </div>
          </Card>
          {seo.image && seo.imageIsFallback && <p className="text-xs text-slate-600">{seoText.mainImageUsed}</p>}
        </figure>
      </div>
    </section>
  );
}

/** The counter ('47/60'), what an empty field gets, and past the shown length a note that does not block. */
function LengthHint({ text, shown, fallback }: { text: string; shown: number; fallback: string }) {
  const over = isOverShown(text, shown);
  return (
    <>
      <span className={over ? 'font-medium text-amber-800' : undefined}>Знаци: {counterText(text, shown)}.</span> {fallbackHint(fallback)}
      {over && <span className="mt-1 block text-amber-800">{overShownNote(shown)}</span>}
    </>
  );
}

/**
 * Says the note once, as the text grows past the shown length (the counter itself is only read
 * with the field, not at every key).
 */
function OverShownAnnouncer({ text, shown }: { text: string; shown: number }) {
  return (
    <span aria-live="polite" className="sr-only">
      {isOverShown(text, shown) ? overShownNote(shown) : ''}
    </span>
  );
}

/** The card's picture in the 1200x630 frame share cards use; a broken address shows as none. */
function SharePicture({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <div className="flex aspect-[1200/630] flex-col items-center justify-center gap-1 bg-slate-100 text-sm text-slate-600">
        <ImageOff aria-hidden="true" className="size-5" />
        {seoText.noImage}
      </div>
    );
  }
  return <img src={src} alt={alt} width={448} height={235} className="aspect-[1200/630] w-full object-cover" onError={() => setBroken(src)} />;
}
