import * as z from 'zod/mini';
import { imageAltProblem } from '@/admin/kit/image-alt';
import { EMPTY_SEO_VALUES, isShareImageAltRefused, metaDescriptionProblem, metaTitleProblem, seoPayload, seoValuesFrom, shareImageAltProblem } from '@/admin/kit/seo';
import { slugifyProject } from '@/admin/kit/slug';
import type { Tables } from '@/shared/db/database.types';
import type { ProjectFields, ProjectStatus } from '@/shared/domain/projects';
import { ruleText } from '@/shared/forms/zod-rules';
import { galleryFromStored, lacksAlt, renumber } from './gallery';

/*
 * The project form's rules as one zod schema carrying its Bulgarian messages,
 * and the pure helpers around it, free of React so they are tested on their own: URL normalisation
 * and validation, the slug, completeness over five weighted items, and the row that is saved.
 * The form's state (values, what was left or submitted, dirty) is react-hook-form's (ProjectForm).
 */

/** A projects row as the admin reads it (the gallery as stored: JSON, read with galleryFromStored). */
export type AdminProject = Omit<Tables<'projects'>, 'updated_by'>;

/**
 * A project as the list loads it: what its card shows (image, title, category, description,
 * link, created date), never the detailed description or the gallery.
 */
export type AdminProjectRow = Pick<AdminProject, 'id' | 'title' | 'category' | 'image' | 'link' | 'description' | 'created_at' | 'updated_at'>;

/** What is written to projects on insert and update. */
export type ProjectPayload = ProjectFields;

/** An example host for the URL message ('Моля, въведете валиден URL адрес (напр. {host})'). */
export const EXAMPLE_HOST = 'example.com';

export const projectFormText = {
  titleRequired: 'Моля, въведете заглавие на проекта.',
  linkRequired: 'Моля, въведете линк към проекта.',
  categoryRequired: 'Моля, изберете категория.',
  imageRequired: 'Моля, качете изображение или въведете URL',
  galleryAltMissing: 'Опишете всяко изображение в галерията (алтернативен текст).',
  invalidUrl: `Моля, въведете валиден URL адрес (напр. ${EXAMPLE_HOST})`,
  slugInvalid: 'Адресът може да съдържа само малки латински букви, цифри, долни черти и единични тирета (напр. moyat-proekt).',
  teamSizeInvalid: 'Размерът на екипа трябва да е цяло число между 1 и 1000.',
  noCategories: 'Няма категории. Добавете поне една в раздел „Категории“, преди да запазите проекта.',
  requiredWarning: 'Моля, попълнете всички задължителни полета във формата',
  duplicateSlug: 'Проект с този адрес (slug) вече съществува. Изберете друг адрес.',
  missingCategory: 'Избраната категория вече не съществува. Изберете друга категория.',
  saveFallback: 'Неуспешно запазване на проекта.',
  loadFailed: 'Неуспешно зареждане на проекти.',
  deleteFailed: 'Неуспешно изтриване на проекта.',
  deleteQuestion: 'Сигурни ли сте, че искате да изтриете този проект?',
} as const;

// ---- URLs -------------------------------------------------------------------------------------

/** True when the value already starts with 'http' (http:// or https://, any case). */
const HAS_HTTP_PREFIX = /^http/i;

/**
 * The value as a URL: trimmed, and 'https://' put in front when it does not start with 'http'
 * (tidied when the field is left). An empty value stays empty.
 *   'example.com' → 'https://example.com';  'http://x.bg' → 'http://x.bg'
 */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return HAS_HTTP_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * True for an http(s) URL with a real host: no spaces, a scheme of http or https, no user name or
 * password, and a host name with a dot (or 'localhost'). 'https://' is assumed when absent.
 */
export function isValidUrl(value: string): boolean {
  const normalized = normalizeUrl(value);
  if (!normalized || /\s/.test(normalized)) return false;
  if (!/^https?:\/\//i.test(normalized)) return false;
  let url: URL;
  try {
    url = new URL(normalized);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // 'user:password@host' is almost always a typo (e.g. 'mailto:a@b.bg' with https:// assumed)
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (host === 'localhost') return true;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return false;
  return true;
}

/** The URL message for a non-empty invalid value; null for an empty or valid one. */
export function urlError(value: string): string | null {
  if (!value.trim()) return null;
  return isValidUrl(value) ? null : projectFormText.invalidUrl;
}

// ---- Slug -------------------------------------------------------------------------------------

/** What the database accepts as a project slug. */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9_]+(-[a-z0-9_]+)*$/;

/** A slug generated from the title by the project rule (slugifyProject). */
export function projectSlugFromTitle(title: string): string {
  return slugifyProject(title);
}

/** The slug to save: the given one (trimmed), else one generated from the title, else null. */
export function slugFor(values: { slug: string; title: string }): string | null {
  const given = values.slug.trim();
  if (given) return given;
  return projectSlugFromTitle(values.title) || null;
}

/** The slug field's problem, or null (an empty field is fine: the slug is then generated). */
export function slugProblem(slug: string): string | null {
  const given = slug.trim();
  if (!given) return null;
  return PROJECT_SLUG_PATTERN.test(given) ? null : projectFormText.slugInvalid;
}

// ---- The schema ------------------------------------------------------------------------------

/** A text field that must not be blank. */
const filled = (message: string) => z.string().check(z.refine((value) => value.trim() !== '', message));

const galleryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  alt: z.string(),
  order: z.number(),
});

/**
 * The form, every field as the person types it. Required: title, link, image, its alt text and
 * category, and the alt text of every gallery item; the link and the documentation URL must be
 * web addresses (https:// assumed), a given slug one the database accepts, a given team size a
 * whole number from 1 to 1000. Values are checked, never changed: the saved row is built by
 * buildProjectPayload.
 */
export const projectSchema = z.object({
  title: filled(projectFormText.titleRequired),
  slug: ruleText(slugProblem),
  link: ruleText((value) => (!value.trim() ? projectFormText.linkRequired : isValidUrl(value) ? null : projectFormText.invalidUrl)),
  description: z.string(),
  detailed_description: z.string(),
  documentation_url: ruleText(urlError),
  image: filled(projectFormText.imageRequired),
  /** A project always has a main image, so always its alt text. */
  image_alt: ruleText((value) => imageAltProblem(value)),
  category: filled(projectFormText.categoryRequired),
  technologies: z.array(z.string()),
  client: z.string(),
  duration: z.string(),
  team_size: ruleText((value) => (Number.isNaN(parseTeamSize(value)) ? projectFormText.teamSizeInvalid : null)),
  // items stored before alt text was required must get one before the project is saved again
  gallery: z.array(galleryItemSchema).check(z.refine((items) => !items.some(lacksAlt), projectFormText.galleryAltMissing)),
  /** Carried through unchanged; in_progress for a new project. The form has no input for it. */
  status: z.string(),
  /** Search and share ('' = the title, the short description, the main image). */
  meta_title: ruleText(metaTitleProblem),
  meta_description: ruleText(metaDescriptionProblem),
  share_image: z.string(),
  share_image_alt: z.string(),
}).check(
  // a share image needs its alt text, as the main image does
  z.superRefine((values, ctx) => {
    const message = shareImageAltProblem(values.share_image_alt, values.share_image);
    if (message) ctx.addIssue({ code: 'custom', path: ['share_image_alt'], message, input: values.share_image_alt });
  }),
);

export type ProjectFormValues = z.infer<typeof projectSchema>;

export const DEFAULT_STATUS: ProjectStatus = 'in_progress';

export function emptyProjectValues(): ProjectFormValues {
  return {
    title: '',
    slug: '',
    link: '',
    description: '',
    detailed_description: '',
    documentation_url: '',
    image: '',
    image_alt: '',
    category: '',
    technologies: [],
    client: '',
    duration: '',
    team_size: '',
    gallery: [],
    status: DEFAULT_STATUS,
    ...EMPTY_SEO_VALUES,
  };
}

export function projectValuesFrom(project: AdminProject): ProjectFormValues {
  return {
    title: project.title ?? '',
    slug: project.slug ?? '',
    link: project.link ?? '',
    description: project.description ?? '',
    detailed_description: project.detailed_description ?? '',
    documentation_url: project.documentation_url ?? '',
    image: project.image ?? '',
    image_alt: project.image_alt ?? '',
    category: project.category ?? '',
    technologies: Array.isArray(project.technologies) ? project.technologies.filter((t) => typeof t === 'string' && t.trim()) : [],
    client: project.client ?? '',
    duration: project.duration ?? '',
    team_size: project.team_size == null ? '' : String(project.team_size),
    gallery: galleryFromStored(project.gallery),
    status: project.status || DEFAULT_STATUS,
    ...seoValuesFrom(project),
  };
}

/**
 * Adds technologies typed into the chip field: split on commas, trimmed, empty ones and ones
 * already present (case-insensitive) dropped.
 */
export function addTechnologies(current: readonly string[], typed: string): string[] {
  const next = [...current];
  const seen = new Set(current.map((t) => t.toLocaleLowerCase('bg')));
  for (const part of typed.split(',')) {
    const tech = part.trim();
    if (!tech || seen.has(tech.toLocaleLowerCase('bg'))) continue;
    seen.add(tech.toLocaleLowerCase('bg'));
    next.push(tech);
  }
  return next;
}

/** '4' → 4; '' → null; anything that is not a whole number from 1 to 1000 → NaN. */
export function parseTeamSize(value: string): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return Number.NaN;
  const n = Number(trimmed);
  return n >= 1 && n <= 1000 ? n : Number.NaN;
}

/** The fields the schema can refuse. */
export type ProjectField =
  | 'title'
  | 'link'
  | 'category'
  | 'image'
  | 'image_alt'
  | 'slug'
  | 'documentation_url'
  | 'team_size'
  | 'gallery'
  | 'meta_title'
  | 'meta_description'
  | 'share_image_alt';
export type ProjectProblems = Partial<Record<ProjectField, string>>;

/**
 * The schema's messages by field, whatever was touched (for the tabs' check marks, which show the
 * state of the values, not of what the person has left yet). Empty when the form may be saved.
 */
export function projectProblems(values: ProjectFormValues): ProjectProblems {
  const result = projectSchema.safeParse(values);
  const problems: ProjectProblems = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProjectField;
    if (typeof field === 'string' && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** The tab each field sits on, so a failed submit can open the first tab with a problem. */
export const FIELD_TAB: Record<ProjectField, 'basic' | 'media' | 'gallery'> = {
  title: 'basic',
  slug: 'basic',
  link: 'basic',
  documentation_url: 'basic',
  team_size: 'basic',
  image: 'media',
  image_alt: 'media',
  category: 'media',
  meta_title: 'media',
  meta_description: 'media',
  share_image_alt: 'media',
  gallery: 'gallery',
};

/**
 * Which field a database refusal for missing alt text is about: the main image's when it is
 * blank, else the share image's when it is set without one, else a gallery item's (the form checks
 * them all, so this is met only when they differ).
 */
export function altRefusalField(
  values: Pick<ProjectFormValues, 'image_alt' | 'gallery'> & Partial<Pick<ProjectFormValues, 'share_image' | 'share_image_alt'>>,
): 'image_alt' | 'share_image_alt' | 'gallery' {
  if (!values.image_alt.trim()) return 'image_alt';
  if (isShareImageAltRefused({ share_image: values.share_image ?? '', share_image_alt: values.share_image_alt ?? '' })) return 'share_image_alt';
  return values.gallery.some(lacksAlt) ? 'gallery' : 'image_alt';
}

// ---- Completeness -----------------------------------------------------------------------------

/**
 * The five weighted items of the percent-complete bar, adding up to 100:
 * the two fields a visitor sees first and that are required weigh most (title 25, link 25), the
 * card's picture next (image 20), then description 15 and category 15.
 * An item counts when it is filled in; the link only when it is a valid URL.
 */
export const COMPLETENESS_WEIGHTS = {
  title: 25,
  link: 25,
  description: 15,
  image: 20,
  category: 15,
} as const;

export function projectCompleteness(values: Pick<ProjectFormValues, 'title' | 'link' | 'description' | 'image' | 'category'>): number {
  let total = 0;
  if (values.title.trim()) total += COMPLETENESS_WEIGHTS.title;
  if (values.link.trim() && isValidUrl(values.link)) total += COMPLETENESS_WEIGHTS.link;
  if (values.description.trim()) total += COMPLETENESS_WEIGHTS.description;
  if (values.image.trim()) total += COMPLETENESS_WEIGHTS.image;
  if (values.category.trim()) total += COMPLETENESS_WEIGHTS.category;
  return total;
}

/** Whether each tab of the form is complete (a check) or not (a warning). */
export function tabCompleteness(values: ProjectFormValues): { basic: boolean; media: boolean; gallery: boolean } {
  const errors = projectProblems(values);
  return {
    basic: !errors.title && !errors.link && !errors.slug && !errors.documentation_url && !errors.team_size && values.description.trim() !== '',
    media: !errors.image && !errors.image_alt && !errors.category && !errors.meta_title && !errors.meta_description && !errors.share_image_alt,
    gallery: values.gallery.length > 0 && !errors.gallery,
  };
}

// ---- Saving -----------------------------------------------------------------------------------

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The row to insert or update: trimmed values, URLs with their scheme, the gallery renumbered. */
export function buildProjectPayload(values: ProjectFormValues): ProjectPayload {
  const teamSize = parseTeamSize(values.team_size);
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    image: values.image.trim(),
    image_alt: values.image_alt.trim(),
    link: normalizeUrl(values.link),
    description: values.description.trim(),
    gallery: renumber(values.gallery),
    slug: slugFor(values),
    detailed_description: orNull(values.detailed_description),
    technologies: values.technologies.map((t) => t.trim()).filter(Boolean),
    client: orNull(values.client),
    duration: orNull(values.duration),
    team_size: teamSize === null || Number.isNaN(teamSize) ? null : teamSize,
    status: values.status || DEFAULT_STATUS,
    documentation_url: normalizeUrl(values.documentation_url) || null,
    // '' and null mean "the title, the short description, the main image" to the public pages
    ...seoPayload(values),
  };
}
