import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { fieldClasses } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { cn } from '@/shared/ui/cn';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { ListSearch, PagedList } from '@/admin/kit/PagedList';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab } from '@/admin/kit/ListFormTab';
import { RecordLoader } from '@/admin/kit/RecordLoader';
import { useConfirm } from '@/admin/kit/use-confirm';
import { askToDeleteChanged, conflictText } from '@/admin/kit/use-edit-conflict';
import { isEditConflict } from '@/admin/kit/concurrency';
import { useListState } from '@/admin/kit/use-list-state';
import { useAdminPost, useAdminPostPage, useDeletePost, useTogglePublish } from './api';
import { PostForm } from './PostForm';
import { PostList } from './PostList';
import type { AdminPostRow, PostStatusFilter } from './types';

const STATUS_OPTIONS: { value: PostStatusFilter; label: string }[] = [
  { value: '', label: 'Всички' },
  { value: 'published', label: 'Публикувани' },
  { value: 'draft', label: 'Чернови' },
];
/** The list's filter beside the search, as the address may carry it. */
const POST_FILTERS = { status: ['published', 'draft'] } as const;

function usePostListState() {
  return useListState('posts', POST_FILTERS);
}

export const postListText = {
  loading: 'Зареждане на публикации...',
  loadFailed: 'Неуспешно зареждане на публикации.',
  empty: 'Няма публикации',
  noMatch: 'Няма публикации, които отговарят на търсенето.',
  noMatchStatus: 'Няма публикации с този статус.',
  total: 'Общо публикации',
  found: 'Намерени публикации',
  pages: 'Страници на публикациите',
  clear: 'Изчисти търсенето',
} as const;

/** The 'Публикации' tab: one page of the list at a time, and the form for a new or an existing post. */
export function PostsTab() {
  // the list keeps its search, filter and page (in the address) while the form is open
  const paging = usePostListState();
  return (
    <ListFormTab
      listPath={adminPaths.posts}
      list={({ onNew, onEdit }) => <PostListView paging={paging} onNew={onNew} onEdit={onEdit} />}
      renderNew={(onDone) => <PostForm post={null} onDone={onDone} />}
      renderEdit={(id, onDone) => <EditPost id={id} onDone={onDone} />}
    />
  );
}

function EditPost({ id, onDone }: { id: string; onDone: () => void }) {
  const post = useAdminPost(id);
  return (
    <RecordLoader
      query={post}
      title="Редактиране на публикация"
      loading="Зареждане на публикацията..."
      loadFailed="Неуспешно зареждане на публикацията."
      backLabel="Назад към публикациите"
      onBack={onDone}
    >
      {(record) => <PostForm post={record} onDone={onDone} />}
    </RecordLoader>
  );
}

interface PostListViewProps {
  paging: ReturnType<typeof usePostListState>;
  onNew: () => void;
  onEdit: (id: string) => void;
}

function PostListView({ paging, onNew, onEdit }: PostListViewProps) {
  const uid = useId();
  const { search, page } = paging;
  const status: PostStatusFilter = paging.filters.status;
  const posts = useAdminPostPage({ search, status }, page);
  const toggle = useTogglePublish();
  const remove = useDeletePost();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  function onToggle(post: AdminPostRow) {
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
        if (isEditConflict(error)) {
          toast({ title: conflictText.title, description: conflictText.staleAction, variant: 'destructive' });
          return;
        }
        toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешна промяна на статуса на публикацията.'), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  async function onDelete(post: AdminPostRow) {
    const yes = await confirm({ message: 'Сигурни ли сте, че искате да изтриете тази публикация?' });
    if (yes) runDelete(post.id, post.updated_at);
  }

  /** Deletes the version the list showed; if it changed since, asks again and deletes the current one. */
  function runDelete(id: string, expectedUpdatedAt: string) {
    setBusyId(id);
    remove.mutate(
      { id, expectedUpdatedAt },
      {
        onSuccess: () => toast({ title: 'Публикацията е изтрита' }),
        onError: async (error) => {
          setBusyId(null);
          const again = await askToDeleteChanged(error, confirm);
          if (again !== undefined) {
            if (again) runDelete(id, again);
            return;
          }
          console.error('[admin] deleting a post failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешно изтриване на публикацията.'), variant: 'destructive' });
          recheckOnDenied(error);
        },
        onSettled: () => setBusyId((current) => (current === id ? null : current)),
      },
    );
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${uid}-heading`} ref={paging.headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Публикации
        </h2>
        <Button onClick={onNew}>
          <span aria-hidden="true">+</span> Нова публикация
        </Button>
      </div>
      <ListSearch
        list={paging}
        name="Търсене в публикациите"
        placeholder="Заглавие, адрес, описание или автор"
        className="md:grid-cols-[3fr_1fr]"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-status`}>Статус</Label>
          <select id={`${uid}-status`} className={cn(fieldClasses, 'h-10')} value={status} onChange={(event) => paging.setFilter('status', event.target.value)}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>
      <PagedList
        list={paging}
        query={posts}
        text={{
          ...postListText,
          loadFailed: `${postListText.loadFailed} ${posts.isError ? writeErrorMessage(posts.error, '') : ''}`.trim(),
          noMatch: search ? postListText.noMatch : postListText.noMatchStatus,
          clear: status ? 'Изчисти филтрите' : postListText.clear,
        }}
      >
        {(rows, busy) => (
          <PostList posts={rows} onEdit={(post) => onEdit(post.id)} onToggle={onToggle} onDelete={(p) => void onDelete(p)} busyId={busyId} busy={busy} />
        )}
      </PagedList>
      {dialog}
    </section>
  );
}
