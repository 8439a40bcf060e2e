import { Spinner } from '@/shared/ui/spinner';
import { Picture } from '@/shared/ui/picture';
import { formatDateBg } from '@/shared/domain/dates';
import { Link } from '@/shared/layout/nav';
import { useCategoryCounts, useRecentPosts } from '@/site/pages/blog/post-api';
import { categoryPath, postPath } from '@/shared/config/addresses';
import { postDate } from '@/site/pages/blog/logic';
import { BlogSearchForm } from './BlogSearchForm';

/**
 * The post page's sidebar: search, 'Последни публикации' (5) and 'Категории' (top 5 by count).
 * The two lists are never prerendered (api.ts): the static HTML and the browser's first render
 * both show the spinner, in a box about as tall as the list (five recent posts measure 380–580 px
 * by width, five categories 196 px), so little moves when the list comes.
 */
export function BlogSidebar() {
  const recent = useRecentPosts();
  const categories = useCategoryCounts();

  return (
    <aside className="flex flex-col gap-8" aria-label="Още от блога">
      <section aria-labelledby="blog-search-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="blog-search-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Търсене
        </h2>
        <BlogSearchForm />
      </section>

      <section aria-labelledby="recent-posts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="recent-posts-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Последни публикации
        </h2>
        {recent.isPending ? (
          <Spinner size="sm" className="w-full min-h-[28rem]" />
        ) : (
          <ul className="flex flex-col gap-4">
            {(recent.data?.data ?? []).map((post) => {
              const date = postDate(post);
              return (
                <li key={post.id}>
                  <Link to={postPath(post.slug)} className="group flex items-start gap-3 rounded-md">
                    {/* decorative: the link is named by the title beside it */}
                    {post.featured_image ? (
                      <Picture src={post.featured_image} alt="" sizes="64px" width={64} height={64} className="size-16 shrink-0 rounded-md bg-slate-100 object-cover" />
                    ) : (
                      <span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-brand-50" />
                    )}
                    <span className="flex flex-col gap-1">
                      <span className="font-medium leading-snug text-slate-900 group-hover:text-brand-700 group-hover:underline">
                        {post.title}
                      </span>
                      <time dateTime={date} className="text-sm text-slate-600">
                        {formatDateBg(date)}
                      </time>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="categories-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="categories-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Категории
        </h2>
        {categories.isPending ? (
          <Spinner size="sm" className="w-full min-h-48" />
        ) : (
          <ul className="flex flex-col gap-1">
            {(categories.data?.data ?? []).map((category) => (
              <li key={category.name}>
                <Link
                  to={categoryPath(category.name)}
                  className="flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-slate-800 hover:bg-brand-50 hover:text-brand-700"
                >
                  <span>{category.name}</span>
                  <span className="rounded-full bg-slate-100 px-2 text-sm text-slate-700">
                    {category.count}
                    <span className="sr-only">{category.count === 1 ? ' публикация' : ' публикации'}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
