import { useMemo } from 'react';
import { useActiveBlogUsers } from '@/admin/kit/data/authors';
import type { PostPut } from './post-editor';
import { displayNameOf } from './post-payload';
import type { AdminPost } from './types';

export interface PostAuthors {
  /** The active blog users, as read. */
  query: ReturnType<typeof useActiveBlogUsers>;
  /** The picker's options: active users, plus the post's current user if that one is no longer active. */
  options: { id: string; label: string }[];
  /** A user chosen in the picker: the post's user, and the shown author name with it. */
  choose: (userId: string) => void;
}

/** 'Автор (потребител)' of the post editor: read while the editor is open, whichever tab shows. */
export function usePostAuthors({ createdBy, post, put }: { createdBy: string; post: AdminPost | null; put: PostPut }): PostAuthors {
  const query = useActiveBlogUsers();

  const options = useMemo(() => {
    const list = (query.data ?? []).map((u) => ({ id: u.id, label: displayNameOf(u) }));
    if (createdBy && !list.some((u) => u.id === createdBy)) {
      const name = post?.staff?.created_by === createdBy ? displayNameOf(post.staff.owner) : '';
      list.unshift({ id: createdBy, label: `${name || 'Неизвестен потребител'} (неактивен)` });
    }
    return list;
  }, [query.data, createdBy, post]);

  function choose(userId: string) {
    const chosen = query.data?.find((u) => u.id === userId);
    put('created_by', userId);
    if (chosen) put('author', displayNameOf(chosen));
  }

  return { query, options, choose };
}
