import { useMutation } from '@tanstack/react-query';
import { changedRows } from '@/admin/kit/data/api';
import type { SavedVersion } from '@/admin/kit/data/concurrency';
import type { SaveVariables } from '@/admin/kit/records/record-type';
import { getSupabase } from '@/shared/db/supabase';
import { postRecords } from './api';
import type { PostPayload } from './types';

/*
 * The post editor's save: the post through its record type, then its blog user, which lives
 * beside the post in blog_post_staff (admins only: no staff id is public). Only the editor
 * (PostForm.tsx) imports this, so the posts list's chunk stays without it.
 */

export interface PostSaveVariables extends SaveVariables<PostPayload> {
  /**
   * The blog user the post belongs to before this save: the loaded post's, or for a new post the
   * signed-in admin's, whom the database names for an insert.
   */
  ownerBefore: string | null;
}

/** A saved post; `ownerNotChanged` when the post was saved but its blog user could not be changed. */
export type SavedPost = SavedVersion & { ownerNotChanged?: true };

/** Makes `owner` the blog user of post `postId` (admins only: row-level security). */
export async function setPostOwner(postId: string, owner: string | null): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_post_staff').update({ created_by: owner }).eq('post_id', postId).select('post_id');
  if (error) throw error;
  changedRows(data);
}

/**
 * Saves the post (guarded by its version, as every record type), then its blog user when the
 * save changes it. The post is saved either way: a blog user that could not be changed is said
 * (`ownerNotChanged`), never a reason to lose the text.
 */
export async function savePost({ ownerBefore, ...variables }: PostSaveVariables): Promise<SavedPost> {
  const saved = await postRecords.save(variables);
  const owner = variables.payload.created_by;
  if (owner === ownerBefore) return saved;
  try {
    await setPostOwner(saved.id, owner);
    return saved;
  } catch (error) {
    console.error("[admin] changing the post's blog user failed", error);
    return { ...saved, ownerNotChanged: true };
  }
}

/** Whether a save kept the post but not the blog user chosen for it. */
export function ownerNotChanged(saved: SavedVersion): boolean {
  return (saved as SavedPost).ownerNotChanged === true;
}

/** The post form's save: savePost, then the list's pages and the blog's public pages are read anew. */
export function usePostSave() {
  const refresh = postRecords.useRefresh();
  return useMutation({ mutationFn: savePost, onSuccess: refresh });
}
