import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/seo';
import { cn } from '@/lib/cn';
import { useCategoryNames, usePublishedPosts } from './api';
import { BlogSearchForm } from './components/BlogSearchForm';
import { PostCard } from './components/PostCard';
import { blogListPath, topCategories } from './logic';

const INTRO =
  'Идеи, практически съвети и истории от нашите проекти: изкуствен интелект, автоматизация и софтуер, който спестява време на бизнеса.';

/** The first row of the 3-column grid loads its images at once; the rest lazily. */
const EAGER_CARDS = 3;

function filterButtonClasses(active: boolean) {
  return cn(
    'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
    active
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700',
  );
}

/**
 * /blog: published posts newest first, filtered by ?category= and the search term ?q= (both in the
 * URL, so a filtered list survives a reload and can be shared).
 */
export default function BlogListPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const category = params.get('category')?.trim() || null;
  const q = params.get('q')?.trim() ?? '';

  usePageMeta({
    title: category ? `Блог: ${category}` : 'Блог',
    description: category
      ? `Публикации в категория „${category}“ от блога на Синаптика. ${INTRO}`
      : `Блогът на Синаптика. ${INTRO}`,
    canonicalPath: blogListPath({ category }),
    // Search results are not a page of their own for search engines.
    noIndex: Boolean(q),
  });

  const posts = usePublishedPosts({ category, q });
  const names = useCategoryNames();

  // The filter buttons: every category with published posts; from the sample posts when the list
  // fell back to them; the selected one is always there, even when it has no posts.
  let categories: string[];
  if (posts.data?.isSample) categories = topCategories(posts.data.data, Infinity).map((c) => c.name);
  else if (names.data) categories = names.data;
  else if (names.isError && posts.data) categories = topCategories(posts.data.data, Infinity).map((c) => c.name);
  else categories = [];
  if (category && !categories.includes(category)) categories = [...categories, category];

  // The search term stays when the category changes; 'Покажи всички публикации' clears both.
  const chooseCategory = (next: string | null) => navigate(blogListPath({ category: next, q }));
  const showAll = () => navigate('/blog');

  const list = posts.data?.data ?? [];

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
        <div role="group" aria-label="Категории" className="flex flex-wrap gap-2">
          <button type="button" className={filterButtonClasses(!category)} aria-pressed={!category} onClick={() => chooseCategory(null)}>
            Всички
          </button>
          {categories.map((name) => (
            <button
              key={name}
              type="button"
              className={filterButtonClasses(category === name)}
              aria-pressed={category === name}
              onClick={() => chooseCategory(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <BlogSearchForm initialQuery={q} category={category} className="w-full lg:max-w-sm" />
      </div>

      {q && posts.isSuccess ? (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <p className="text-slate-700" role="status">
            Резултати за „{q}“: {list.length}
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
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-lg text-slate-700">{emptyText}</p>
            <Button variant="outline" onClick={showAll}>
              Покажи всички публикации
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Публикации">
            {list.map((post, index) => (
              <li key={post.id} className="flex">
                <PostCard post={post} eagerImage={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
