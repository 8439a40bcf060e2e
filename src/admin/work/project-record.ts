import type { Tables } from '@/shared/db/database.types';
import type { ProjectFields } from '@/shared/domain/projects';

/*
 * A project as the admin reads and writes it, and the admin's words about projects: what the
 * list, the api and the editor share, free of the form's schema.
 */

/** A projects row as the admin reads it (the gallery as stored: JSON, read with galleryFromStored). */
export type AdminProject = Tables<'projects'>;

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
} as const;
