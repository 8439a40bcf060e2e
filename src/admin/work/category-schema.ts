/*
 * The category forms' rules: a new category and a rename both need a name that
 * is not blank, each with its own message. The name is sent as typed; the database trims it.
 */
import * as z from 'zod/mini';
import { categoryText } from './api';

const named = (message: string) => z.object({ name: z.string().check(z.refine((value) => value.trim() !== '', message)) });

export const addCategorySchema = named(categoryText.nameRequired);
export const renameCategorySchema = named(categoryText.renameBlank);

export type CategoryNameValues = z.infer<typeof addCategorySchema>;
