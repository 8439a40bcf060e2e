import { seoFieldId } from '@/admin/kit/forms/SeoFields';
import { seoText } from '@/admin/kit/forms/seo';
import type { ProjectField } from './project-schema';

/* Where a refused submit of the project editor takes the admin: the first field to fix. */

/** The order in which a failed submit looks for the first field to fix. */
export const FIELD_ORDER: ProjectField[] = ['title', 'slug', 'link', 'documentation_url', 'team_size', 'image', 'image_alt', 'category', 'meta_title', 'meta_description', 'share_image_alt', 'gallery'];

/** The first field with a message, in the form's order; undefined when none has one. */
export function firstFieldToFix(found: Partial<Record<ProjectField, unknown>>): ProjectField | undefined {
  return FIELD_ORDER.find((field) => found[field]);
}

/** The input whose label starts with `label`, inside the element with this id. */
function inputLabelled(containerId: string, label: string): HTMLElement | null {
  const labels = document.getElementById(containerId)?.querySelectorAll('label') ?? [];
  const found = [...labels].find((l) => l.textContent?.startsWith(label));
  return found?.htmlFor ? document.getElementById(found.htmlFor) : null;
}

/**
 * Focuses the field to fix (its tab already open). The image field names its own inputs (found
 * inside it, the alt text by its label); for the gallery, the edit button of the first item
 * without alt text. `id` is the editor's (useEditor).
 */
export function focusProjectField(field: ProjectField, id: (name: string) => string): void {
  let target: HTMLElement | null | undefined;
  if (field === 'image') {
    target = document.getElementById(id('media'))?.querySelector<HTMLElement>('input');
  } else if (field === 'image_alt') {
    target = inputLabelled(id('media'), 'Алтернативен текст');
  } else if (field === 'meta_title' || field === 'meta_description') {
    target = document.getElementById(seoFieldId(id('seo'), field));
  } else if (field === 'share_image_alt') {
    target = inputLabelled(seoFieldId(id('seo'), 'share_image'), seoText.shareImageAlt);
  } else if (field === 'gallery') {
    const list = document.getElementById(id('gallery'));
    target = list?.querySelector<HTMLElement>('[data-alt-missing]') ?? list?.querySelector<HTMLElement>('button');
  } else {
    target = document.getElementById(id(field));
  }
  target?.focus();
}
