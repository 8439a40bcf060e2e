import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { ListFilter, ListSearch, ListSection, PagedList } from '@/admin/kit/PagedList';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab, type ListOpeners } from '@/admin/kit/ListFormTab';
import { useRowDelete } from '@/admin/kit/use-row-delete';
import { conflictText } from '@/admin/kit/use-edit-conflict';
import { isEditConflict } from '@/admin/kit/concurrency';
import { useListState } from '@/admin/kit/use-list-state';
import { useAdminPost, useAdminPostPage, useDeletePost, useTogglePublish } from './api';
import { LazyPostForm as PostForm } from './LazyPostForm';
import { PostList } from './PostList';
import type { AdminPostRow, PostStatusFilter } from './types';
import { useCalendarSettings } from '@/admin/calendar/api';
import { calendarZone } from '@/shared/domain/calendar';

const STATUS_OPTIONS: { value: PostStatusFilter; label: string }[] = [
  { value: '', label: 'Всички' },
  { value: 'published', label: 'Публикувани' },
  { value: 'draft', label: 'Чернови' },
  { value: 'scheduled', label: 'Насрочени' },
];
/** The list's filter beside the search, as the address may carry it. */
const POST_FILTERS = { status: ['published', 'draft', 'scheduled'] } as const;

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
      list={(open) => <PostListView paging={paging} {...open} />}
      useRecord={useAdminPost}
      recordText={{
        title: 'Редактиране на публикация',
        loading: 'Зареждане на публикацията...',
        loadFailed: 'Неуспешно зареждане на публикацията.',
        backLabel: 'Назад към публикациите',
      }}
      form={(record, onDone) => <PostForm post={record} onDone={onDone} />}
    />
  );
}

const deleteText = {
  question: 'Сигурни ли сте, че искате да изтриете тази публикация?',
  deleted: 'Публикацията е изтрита',
  failed: 'Неуспешно изтриване на публикацията.',
  logAs: '[admin] deleting a post failed',
} as const;

function PostListView({ paging, onNew, onEdit }: { paging: ReturnType<typeof usePostListState> } & ListOpeners) {
  const { search, page } = paging;
  const status: PostStatusFilter = paging.filters.status;
  const posts = useAdminPostPage({ search, status }, page);
  const toggle = useTogglePublish();
  const recheckOnDenied = useRecheckOnDenied();
  const { onDelete, busyId, setBusyId, dialog } = useRowDelete({ remove: useDeletePost(), text: deleteText });

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

  // a scheduled post's time is the consultant's clock: the calendar's zone, read only when shown
  const anyScheduled = (posts.data?.rows ?? []).some((post) => !post.is_published && post.scheduled_at);
  const zone = calendarZone(useCalendarSettings({ enabled: anyScheduled }).data);

  const newPost = (
    <Button onClick={onNew}>
      <span aria-hidden="true">+</span> Нова публикация
    </Button>
  );

  return (
    <ListSection list={paging} title="Публикации" actions={newPost}>
      <ListSearch
        list={paging}
        name="Търсене в публикациите"
        placeholder="Заглавие, адрес, описание или автор"
        className="md:grid-cols-[3fr_1fr]"
      >
        <ListFilter label="Статус" value={status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />
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
          <PostList posts={rows} zone={zone} onEdit={(post) => onEdit(post.id)} onToggle={onToggle} onDelete={onDelete} busyId={busyId} busy={busy} />
        )}
      </PagedList>
      {dialog}
    </ListSection>
  );
}
