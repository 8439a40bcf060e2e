import { emptyTexts, textValues } from '@/admin/kit/forms/form-values';
import * as z from 'zod/mini';
import { imageAltProblem } from '@/admin/kit/media/image-alt';
import { EMPTY_SEO_VALUES, isShareImageAltRefused, metaDescriptionProblem, metaTitleProblem, seoPayload, seoValuesFrom, shareImageAltProblem } from '@/admin/kit/forms/seo';
import type { ProjectStatus } from '@/shared/domain/projects';
import { ruleText } from '@/shared/forms/zod-rules';
import { galleryFromStored, lacksAlt, renumber } from './gallery';
import { isValidUrl, normalizeUrl, parseTeamSize, slugFor, slugProblem, urlError } from './project-fields';
import { projectFormText, type AdminProject, type ProjectPayload } from './project-record';

/*
 * The project form's rules as one zod schema carrying its Bulgarian messages, and the pure
 * helpers around it, free of React so they are tested on their own: the form's values of a
 * stored project, the problems by field and tab, completeness over five weighted items, and the
 * row that is saved. The single fields' rules are in ./project-fields, the record and its words in
 * ./project-record. The form's state (values, what was left or submitted, dirty) is
 * react-hook-form's (ProjectForm).
 */

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

/** The form's fields that hold a column's text as it is (null as ''). */
const PROJECT_TEXT_FIELDS = ['title', 'slug', 'link', 'description', 'detailed_description', 'documentation_url', 'image', 'image_alt', 'category', 'client', 'duration'] as const;

export function emptyProjectValues(): ProjectFormValues {
  return {
    ...emptyTexts(PROJECT_TEXT_FIELDS),
    technologies: [],
    team_size: '',
    gallery: [],
    status: DEFAULT_STATUS,
    ...EMPTY_SEO_VALUES,
  };
}

export function projectValuesFrom(project: AdminProject): ProjectFormValues {
  return {
    ...textValues(project, PROJECT_TEXT_FIELDS),
    technologies: Array.isArray(project.technologies) ? project.technologies.filter((t) => typeof t === 'string' && t.trim()) : [],
    team_size: project.team_size == null ? '' : String(project.team_size),
    gallery: galleryFromStored(project.gallery),
    status: project.status || DEFAULT_STATUS,
    ...seoValuesFrom(project),
  };
}

// ---- Problems by field and tab ---------------------------------------------------------------

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
