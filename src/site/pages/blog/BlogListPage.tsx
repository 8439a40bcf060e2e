import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/shared/ui/button';
import { usePageMeta } from '@/shared/layout/seo';
import { cn } from '@/shared/ui/cn';
import { useCategoryNames, usePublishedPosts } from './list-api';
import { BlogSearchForm } from './components/BlogSearchForm';
import { Pager } from './components/Pager';
import { Island } from '@/site/islands/Island';
import { PostCard } from './components/PostCard';
import { topCategories } from './listing';
import { BLOG_PAGE_SIZE, blogListPath, readBlogListAddress } from './logic';
import type { BlogListQuery } from './types';

const INTRO =
  'Идеи, практически съвети и истории от нашите проекти: изкуствен интелект, автоматизация и софтуер, който спестява време на бизнеса.';

/** The first row of the 3-column grid loads its images at once; the rest lazily. */
const EAGER_CARDS = 3;

function filterLinkClasses(active: boolean) {
  return cn(
    'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
    active
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700',
  );
}

/**
 * The blog listing, twelve posts a page, newest first. Its addresses (logic.ts): /blog,
 * /blog/page/2, /blog/category/{name}, /blog/category/{name}/page/2, and a search in the query
 * (?q=term&page=2), so every page survives a reload and can be shared. The old
 * /blog?category={name}, a written-out page 1 and a page number that is not a positive integer
 * redirect (readBlogListAddress); a page past the end says so and links to page 1.
 */
export default function BlogListPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const address = readBlogListAddress(params, search);
  if (address.kind === 'redirect') return <Navigate to={address.to} replace />;
  return <BlogList category={address.category} q={address.q} page={address.page} />;
}

function BlogList({ category, q, page }: BlogListQuery) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const posts = usePublishedPosts({ category, q, page });
  const names = useCategoryNames();

  const list = posts.data?.data.posts ?? [];
  const total = posts.data?.data.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const pastEnd = posts.isSuccess && page > 1 && list.length === 0;
  const pathOf = (n: number) => blogListPath({ category, q, page: n });

  usePageMeta({
    title: (category ? `Блог: ${category}` : 'Блог') + (page > 1 ? ` (страница ${page})` : ''),
    description: category
      ? `Публикации в категория „${category}“ от блога на Синаптика. ${INTRO}`
      : `Блогът на Синаптика. ${INTRO}`,
    // each page of a list is a page of its own; search results are not one for search engines
    canonicalPath: blogListPath({ category, page: q ? 1 : page }),
    prevPath: !q && page > 1 && !pastEnd ? pathOf(page - 1) : undefined,
    nextPath: !q && pages !== null && page < pages ? pathOf(page + 1) : undefined,
    noIndex: Boolean(q) || pastEnd,
  });

  // A search's pages share one path, which the layout's scroll-to-top does not see change.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [page, navigationType]);

  // The filter links: every category with published posts; from the sample posts when the list
  // fell back to them; the selected one is always there, even when it has no posts.
  let categories: string[];
  if (posts.data?.isSample) categories = topCategories(posts.data.data.posts, Infinity).map((c) => c.name);
  else if (names.data) categories = names.data;
  else if (names.isError && posts.data) categories = topCategories(posts.data.data.posts, Infinity).map((c) => c.name);
  else categories = [];
  if (category && !categories.includes(category)) categories = [...categories, category];

  let emptyText = 'Все още няма публикации.';
  if (q) emptyText = `Няма публикации, които съдържат „${q}“${category ? ` в категория ${category}` : ''}`;
  else if (category) emptyText = `Няма публикации в категория ${category}`;

  return (
    <section aria-labelledby="blog-heading" className="container py-12 md:py-16">
      <header className="mx-auto max-w-3xl text-center">
        <h1 id="blog-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
          Нашият блог
        </h1>
        <p className="mt-4 text-lg text-slate-700">{INTRO}</p>
      </header>

      <div className="mt-10 flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
        {/* links, so crawlers and visitors without scripts reach every category; the search stays */}
        <nav aria-label="Категории" className="flex flex-wrap gap-2">
          <Link to={blogListPath({ q })} className={filterLinkClasses(!category)} aria-current={category ? undefined : 'page'}>
            Всички
          </Link>
          {categories.map((name) => (
            <Link
              key={name}
              to={blogListPath({ category: name, q })}
              className={filterLinkClasses(category === name)}
              aria-current={category === name ? 'page' : undefined}
            >
              {name}
            </Link>
          ))}
        </nav>
        <Island name="blog-search" component={BlogSearchForm} props={{ initialQuery: q, category, className: 'w-full lg:max-w-sm' }} />
      </div>

      {q && posts.isSuccess && total !== null ? (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <p className="text-slate-700" role="status">
            Резултати за „{q}“: {total}
          </p>
          <Button variant="ghost" size="sm" onClick={() => navigate(blogListPath({ category }))}>
            Изчисти търсенето
          </Button>
        </div>
      ) : null}

      <div className="mt-8">
        {posts.isPending ? (
          <p role="status" className="py-16 text-center text-slate-600">
            Зареждане...
          </p>
        ) : posts.isError ? (
          <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-slate-700">Не успяхме да заредим публикациите. Моля, опитайте отново.</p>
            <Button variant="outline" onClick={() => void posts.refetch()}>
              Опитайте отново
            </Button>
          </div>
        ) : pastEnd ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-lg text-slate-700">Тази страница няма публикации.</p>
            <Link to={pathOf(1)} className={buttonClasses({ variant: 'outline' })}>
              Към първата страница
            </Link>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-lg text-slate-700">{emptyText}</p>
            <Button variant="outline" onClick={() => navigate('/blog')}>
              Покажи всички публикации
            </Button>
          </div>
        ) : (
          <>
            {/* more than one page: at least 13 posts, always 'публикации' */}
            {pages !== null && pages > 1 ? (
              <p className="mb-4 text-sm text-slate-600">{`Страница ${page} от ${pages}${q ? '' : ` · ${total} публикации`}`}</p>
            ) : null}
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Публикации">
              {list.map((post, index) => (
                <li key={post.id} className="flex">
                  <PostCard post={post} eagerImage={index < EAGER_CARDS} />
                </li>
              ))}
            </ul>
            {pages !== null && pages > 1 ? <Pager page={page} pages={pages} href={pathOf} /> : null}
          </>
        )}
      </div>
    </section>
  );
}
