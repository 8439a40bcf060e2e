import { CalendarDays, Clock } from 'lucide-react';
import { useRef } from 'react';
import { Link, Navigate, NavLink, useParams } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { resourceArticles } from '@/site/content/resources';
import { Island } from '@/site/islands/Island';
import { cn } from '@/shared/ui/cn';
import { formatDateBg } from '@/shared/domain/dates';
import { usePageMeta } from '@/shared/layout/seo';
import { resourcePath } from '@/shared/config/addresses';
import { splitParagraphs } from './logic';
import { ResourceNav, ResourceShare } from './ResourceNav';

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
              to={resourcePath(article.slug)}
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
  const article = resourceArticles[index];

  usePageMeta({
    title: article.title,
    description: article.description,
    canonicalPath: resourcePath(article.slug),
    type: 'article',
  });

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
              <Island name="resource-share" component={ResourceShare} props={{ index }} />
            </footer>
          </article>
          <Island name="resource-nav" hydrate="load" component={ResourceNav} props={{ index }} />
        </div>
      </div>
    </div>
  );
}

/** /resources (redirects to the first article) and /resources/{slug}. */
export default function ResourcesPage() {
  const { slug } = useParams();
  if (!slug) return <Navigate to={resourcePath(resourceArticles[0].slug)} replace />;
  const index = resourceArticles.findIndex((article) => article.slug === slug);
  if (index < 0) return <ArticleNotFound />;
  return <ResourceView index={index} />;
}
