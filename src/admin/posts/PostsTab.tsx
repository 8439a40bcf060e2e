import { Button } from '@/shared/ui/button';
import { writeErrorMessage } from '@/admin/kit/data/api';
import { ListFilter } from '@/admin/kit/lists/PagedList';
import { RecordList } from '@/admin/kit/records/RecordList';
import { RecordTab, type RecordListViewProps } from '@/admin/kit/records/RecordTab';
import { useRecordRows } from '@/admin/kit/records/use-record-rows';
import { useRowAction } from '@/admin/kit/saving/use-row-action';
import { postRecords, togglePostPublished } from './api';
import { LazyPostForm as PostForm } from './LazyPostForm';
import { PostList } from './PostList';
import type { AdminPostRow, PostStatusFilter } from './types';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';

const STATUS_OPTIONS: { value: PostStatusFilter; label: string }[] = [
  { value: '', label: 'Всички' },
  { value: 'published', label: 'Публикувани' },
  { value: 'draft', label: 'Чернови' },
  { value: 'scheduled', label: 'Насрочени' },
];
/** The list's filter beside the search, as the address may carry it. */
const POST_FILTERS = { status: ['published', 'draft', 'scheduled'] } as const;

/** The 'Публикации' tab: one page of the list at a time, and the form for a new or an existing post. */
export function PostsTab() {
  return <RecordTab type={postRecords} filters={POST_FILTERS} list={PostListView} form={(record, onDone) => <PostForm post={record} onDone={onDone} />} />;
}

function PostListView({ paging, onNew, onEdit }: RecordListViewProps<typeof POST_FILTERS>) {
  const { search } = paging;
  const listText = postRecords.text.list;
  const status: PostStatusFilter = paging.filters.status;
  const rows = useRecordRows(postRecords, paging, { filters: { status } });
  const { query: posts, onDelete, busyId, setBusyId } = rows;
  const onToggle = useRowAction({
    mutation: postRecords.useRowMutation((post: AdminPostRow) => togglePostPublished(post)),
    setBusyId,
    done: (published: boolean) =>
      published
        ? { title: 'Публикацията е публикувана', description: 'Вече е видима за всички посетители.' }
        : { title: 'Публикацията е скрита', description: 'Вече не е видима за посетителите.' },
    failed: 'Неуспешна промяна на статуса на публикацията.',
    logAs: '[admin] toggling a post failed',
  });

  // a scheduled post's time is the consultant's clock: the calendar's zone, read only when shown
  const anyScheduled = (posts.data?.rows ?? []).some((post) => !post.is_published && post.scheduled_at);
  const { zone } = useConsultantZone({ enabled: anyScheduled });

  const newPost = (
    <Button onClick={onNew}>
      <span aria-hidden="true">+</span> Нова публикация
    </Button>
  );

  return (
    <RecordList
      rows={rows}
      actions={newPost}
      search={{
        className: 'md:grid-cols-[3fr_1fr]',
        children: <ListFilter label="Статус" value={status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />,
      }}
      text={{
        ...listText,
        loadFailed: `${listText.loadFailed} ${posts.isError ? writeErrorMessage(posts.error, '') : ''}`.trim(),
        noMatch: search ? listText.noMatch : 'Няма публикации с този статус.',
        clear: status ? 'Изчисти филтрите' : listText.clear,
      }}
    >
      {(posts, busy) => (
        <PostList posts={posts} zone={zone} onEdit={(post) => onEdit(post.id)} onToggle={onToggle} onDelete={onDelete} busyId={busyId} busy={busy} />
      )}
    </RecordList>
  );
}
