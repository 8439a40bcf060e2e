import { CalendarDays, ChevronDown, ChevronUp, Clock, Share2 } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link, Navigate, NavLink, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { resourceArticles, type ResourceArticle } from '@/content/resources';
import { cn } from '@/lib/cn';
import { formatDateBg } from '@/lib/dates';
import { usePageMeta } from '@/lib/seo';
import { neighbourIndex, splitParagraphs } from './logic';
import { useWheelNavigation } from './useWheelNavigation';

const articlePath = (article: ResourceArticle) => `/resources/${article.slug}`;

async function shareArticle(article: ResourceArticle) {
  const url = `${window.location.origin}${articlePath(article)}`;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: article.title, text: article.description, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: 'Връзката е копирана', description: url });
  } catch (error) {
    // Closing the share sheet rejects with AbortError: nothing to report.
    if ((error as { name?: string } | null)?.name !== 'AbortError') console.warn('[resources] share failed', error);
  }
}

function ResourcesSidebar() {
  return (
    <nav aria-labelledby="resources-nav-heading" lang="en" className="md:sticky md:top-24 md:self-start">
      <h2 id="resources-nav-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
        Resources
      </h2>
      <ul className="flex flex-col gap-1">
        {resourceArticles.map((article) => (
          <li key={article.id}>
            <NavLink
              to={articlePath(article)}
              className={({ isActive }) =>
                cn(
                  'flex flex-col rounded-lg px-3 py-2 transition-colors',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
                )
              }
            >
              <span className="font-medium leading-snug">{article.title}</span>
              <span className="text-sm text-slate-600">{article.category}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ArticleNotFound() {
  usePageMeta({ title: 'Статията не е намерена', noIndex: true });
  return (
    <section aria-labelledby="resource-not-found" className="container flex flex-col items-start gap-4 py-16">
      <h1 id="resource-not-found" className="text-2xl font-bold text-slate-900">
        Статията не е намерена
      </h1>
      <Link to="/resources" className={buttonClasses()}>
        Към всички ресурси
      </Link>
    </section>
  );
}

function ResourceView({ index }: { index: number }) {
  const navigate = useNavigate();
  const article = resourceArticles[index];
  const previous = neighbourIndex(index, -1, resourceArticles.length);
  const next = neighbourIndex(index, 1, resourceArticles.length);

  usePageMeta({
    title: article.title,
    description: article.description,
    canonicalPath: articlePath(article),
    type: 'article',
  });

  const goTo = useCallback(
    (target: number | null) => {
      if (target !== null) navigate(articlePath(resourceArticles[target]));
    },
    [navigate],
  );
  useWheelNavigation(
    useCallback((direction: -1 | 1) => goTo(neighbourIndex(index, direction, resourceArticles.length)), [goTo, index]),
  );
  // the article the visitor arrived on appears at once (it is the page's largest paint); the
  // ones they move to fade in
  const arrivedOn = useRef(article.slug);

  return (
    <div className="container py-10 md:py-14">
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[16rem_1fr] lg:gap-12">
        <ResourcesSidebar />
        <div className="flex gap-4">
          <article key={article.slug} lang="en" aria-labelledby="resource-title" className={cn('min-w-0 flex-1', article.slug !== arrivedOn.current && 'motion-safe:animate-fade-in')}>
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">{article.category}</span>
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {article.readTime}
              </span>
            </p>
            <h1 id="resource-title" className="mt-4 text-3xl font-bold leading-tight tracking-tight text-slate-900 md:text-4xl">
              {article.title}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{article.description}</p>
            <div className="mt-8 flex flex-col gap-5 text-base leading-relaxed text-slate-800">
              {splitParagraphs(article.content).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
            <footer className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6">
              <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={article.date}>{formatDateBg(article.date)}</time>
              </span>
              <Button variant="outline" size="sm" onClick={() => void shareArticle(article)}>
                <Share2 aria-hidden="true" />
                Share
              </Button>
            </footer>
          </article>
          <div className="flex flex-col gap-2 md:sticky md:top-24 md:self-start" role="group" aria-label="Навигация между статиите">
            <Button variant="outline" size="icon" aria-label="Предишна статия" disabled={previous === null} onClick={() => goTo(previous)}>
              <ChevronUp aria-hidden="true" />
            </Button>
            <span className="text-center text-sm text-slate-600">
              <span aria-hidden="true">
                {index + 1}/{resourceArticles.length}
              </span>
              <span className="sr-only">
                Статия {index + 1} от {resourceArticles.length}
              </span>
            </span>
            <Button variant="outline" size="icon" aria-label="Следваща статия" disabled={next === null} onClick={() => goTo(next)}>
              <ChevronDown aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

/** /resources (redirects to the first article) and /resources/{slug}. */
export default function ResourcesPage() {
  const { slug } = useParams();
  if (!slug) return <Navigate to={articlePath(resourceArticles[0])} replace />;
  const index = resourceArticles.findIndex((article) => article.slug === slug);
  if (index < 0) return <ArticleNotFound />;
  return <ResourceView index={index} />;
}
