import { ArrowRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/shared/ui/badge';
import { Spinner } from '@/shared/ui/spinner';
import { Picture } from '@/shared/ui/picture';
import { cn } from '@/shared/ui/cn';
import { Link } from '@/shared/layout/nav';
import { projectPath } from '@/shared/config/addresses';
import { categoriesOf, filterProjects, useCategoryNames, useProjects } from '@/site/pages/landing/api';
import { LandingSection } from './LandingSection';

/**
 * How wide a card's picture is (for the browser's pick of a WebP copy): the grid of the container
 * (100vw - 2rem, 1248 px from 1280) has 1, sm: 2 and lg: 3 columns with gap-6.
 */
const WORK_CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.33vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 2rem)';

export function Work() {
  const projectsQuery = useProjects();
  const categoriesQuery = useCategoryNames();
  const [category, setCategory] = useState<string | null>(null);

  const projects = useMemo(() => projectsQuery.data?.data ?? [], [projectsQuery.data]);
  const isSample = projectsQuery.data?.isSample ?? false;
  // The table's categories, unless they could not be read or the projects are the sample.
  const categories = useMemo(
    () => (!isSample && categoriesQuery.data ? categoriesQuery.data : categoriesOf(projects)),
    [isSample, categoriesQuery.data, projects],
  );
  const shown = filterProjects(projects, category);
  const loading = projectsQuery.isPending || categoriesQuery.isPending;

  const chip = (value: string | null, label: string) => (
    <li key={label}>
      <button
        type="button"
        aria-pressed={category === value}
        onClick={() => setCategory(value)}
        className={cn(
          'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
          category === value
            ? 'border-brand-600 bg-brand-600 text-white'
            : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700',
        )}
      >
        {label}
      </button>
    </li>
  );

  return (
    <LandingSection
      id="work"
      title="Нашата работа"
      lead="Проекти, с които клиентите ни печелят време и нови клиенти."
      className="bg-white py-16 md:py-24"
    >

      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner label="Зареждане на проектите" />
        </div>
      ) : (
        <>
          <ul aria-label="Филтър по категория" className="mt-10 flex flex-wrap justify-center gap-2">
            {chip(null, 'All')}
            {categories.map((name) => chip(name, name))}
          </ul>

          {shown.length === 0 ? (
            <p className="py-12 text-center text-slate-700">Няма проекти в тази категория.</p>
          ) : (
            <ul aria-label="Проекти" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((project) => (
                <li key={project.id}>
                  <Link
                    to={projectPath(project)}
                    className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
                  >
                    <div className="aspect-[3/2] overflow-hidden bg-slate-100">
                      <Picture
                        src={project.image}
                        alt={project.image_alt?.trim() ?? ''}
                        sizes={WORK_CARD_SIZES}
                        width={1200}
                        height={800}
                        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                      />
                    </div>
                    <div className="flex flex-1 flex-col p-5">
                      <Badge variant="secondary" className="self-start">
                        {project.category}
                      </Badge>
                      <h3 className="mt-3 text-lg font-semibold text-slate-900 group-hover:text-brand-700">{project.title}</h3>
                      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{project.description}</p>
                      <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700">
                        Вижте проекта
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </LandingSection>
  );
}
