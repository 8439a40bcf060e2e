import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '../api';
import { ErrorCard } from '../components/ErrorCard';
import { useConfirm } from '../components/useConfirm';
import { useAdminPosts, useDeletePost, useTogglePublish } from './api';
import { PostForm } from './PostForm';
import { PostList } from './PostList';
import type { AdminPost } from './types';

type View = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; post: AdminPost };

/** The 'Публикации' tab: the list, and the form for a new or an existing post. */
export function PostsTab() {
  const [view, setView] = useState<View>({ mode: 'list' });
  const posts = useAdminPosts();
  const toggle = useTogglePublish();
  const remove = useDeletePost();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (view.mode !== 'list') {
    return <PostForm key={view.mode === 'edit' ? view.post.id : 'new'} post={view.mode === 'edit' ? view.post : null} onDone={() => setView({ mode: 'list' })} />;
  }

  function onToggle(post: AdminPost) {
    setBusyId(post.id);
    toggle.mutate(post, {
      onSuccess: (published) =>
        toast(
          published
            ? { title: 'Публикацията е публикувана', description: 'Вече е видима за всички посетители.' }
            : { title: 'Публикацията е скрита', description: 'Вече не е видима за посетителите.' },
        ),
      onError: (error) => {
        console.error('[admin] toggling a post failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешна промяна на статуса на публикацията.'), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  async function onDelete(post: AdminPost) {
    const yes = await confirm({ message: 'Сигурни ли сте, че искате да изтриете тази публикация?' });
    if (!yes) return;
    setBusyId(post.id);
    remove.mutate(post.id, {
      onSuccess: () => toast({ title: 'Публикацията е изтрита' }),
      onError: (error) => {
        console.error('[admin] deleting a post failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешно изтриване на публикацията.'), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  return (
    <section aria-labelledby="admin-posts-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-posts-heading" className="text-xl font-semibold text-slate-900">
          Публикации
        </h2>
        <Button onClick={() => setView({ mode: 'new' })}>
          <span aria-hidden="true">+</span> Нова публикация
        </Button>
      </div>
      {posts.isPending ? (
        <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на публикации...
        </p>
      ) : posts.isError ? (
        <ErrorCard message={`Неуспешно зареждане на публикации. ${writeErrorMessage(posts.error, '')}`.trim()} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
      ) : posts.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Няма публикации</p>
      ) : (
        <PostList posts={posts.data} onEdit={(post) => setView({ mode: 'edit', post })} onToggle={onToggle} onDelete={(p) => void onDelete(p)} busyId={busyId} />
      )}
      {dialog}
    </section>
  );
}
