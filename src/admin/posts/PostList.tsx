import { Eye, EyeOff } from 'lucide-react';
import { DeleteRowButton, EditRowButton } from '@/admin/kit/ui/row-buttons';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Picture } from '@/shared/ui/picture';
import { Card } from '@/admin/kit/ui/card';
import { formatDateBg } from '@/shared/domain/dates';
import { displayNameOf } from './post-row';
import type { AdminPostRow } from './types';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock-text';
import { scheduleText } from './schedule';

export interface PostListProps {
  posts: AdminPostRow[];
  /** The consultant's time zone, in which a scheduled post's time is shown. */
  zone: string;
  onEdit: (post: AdminPostRow) => void;
  onToggle: (post: AdminPostRow) => void;
  onDelete: (post: AdminPostRow) => void;
  /** The id of a post whose toggle or delete is running. */
  busyId?: string | null;
  /** The next page or search result is loading. */
  busy?: boolean;
}

/** One page of the admin list of posts, newest first: image, title, status, author, dates, category, excerpt. */
export function PostList({ posts, zone, onEdit, onToggle, onDelete, busyId, busy: loading }: PostListProps) {
  return (
    <ul className="grid gap-4" aria-label="Публикации" aria-busy={loading}>
      {posts.map((post) => {
        const linkedUser = displayNameOf(post.staff?.owner);
        const busy = busyId === post.id;
        return (
          <li key={post.id}>
            <Card className="flex flex-col gap-4 p-4 sm:flex-row">
              {post.featured_image ? (
                <Picture src={post.featured_image} alt="" width={192} height={101} className="aspect-[1200/630] w-full shrink-0 rounded-md bg-slate-100 object-cover sm:w-48" />
              ) : (
                <div className="flex aspect-[1200/630] w-full shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs text-slate-600 sm:w-48">
                  Без изображение
                </div>
              )}
              <div className="grid min-w-0 flex-1 gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{post.title}</h3>
                  <Badge variant={post.is_published ? 'success' : 'outline'}>{post.is_published ? 'Публикувана' : 'Чернова'}</Badge>
                  {!post.is_published && post.scheduled_at && (
                    <Badge variant="secondary">{scheduleText.badge(formatWallClockBg(post.scheduled_at, zone))}</Badge>
                  )}
                </div>
                <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
                  <div className="flex gap-1">
                    <dt className="text-slate-600">Автор:</dt>
                    <dd>{post.author}</dd>
                  </div>
                  {linkedUser && (
                    <div className="flex gap-1">
                      <dt className="text-slate-600">Потребител:</dt>
                      <dd>{linkedUser}</dd>
                    </div>
                  )}
                  <div className="flex gap-1">
                    <dt className="text-slate-600">Създадена:</dt>
                    <dd>{formatDateBg(post.created_at)}</dd>
                  </div>
                  {post.is_published && post.published_at && (
                    <div className="flex gap-1">
                      <dt className="text-slate-600">Публикувана:</dt>
                      <dd>{formatDateBg(post.published_at)}</dd>
                    </div>
                  )}
                  {post.category && (
                    <div className="flex gap-1">
                      <dt className="text-slate-600">Категория:</dt>
                      <dd>{post.category}</dd>
                    </div>
                  )}
                </dl>
                {post.excerpt && <p className="line-clamp-2 text-sm text-slate-700">{post.excerpt}</p>}
                <div className="flex flex-wrap gap-2 pt-1">
                  <EditRowButton name={`„${post.title}“`} onClick={() => onEdit(post)} />
                  <Button size="sm" variant="outline" onClick={() => onToggle(post)} disabled={busy}>
                    {post.is_published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    {post.is_published ? 'Скрий' : 'Публикувай'}
                    <span className="sr-only"> „{post.title}“</span>
                  </Button>
                  <DeleteRowButton name={`„${post.title}“`} onClick={() => onDelete(post)} disabled={busy} />
                </div>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
