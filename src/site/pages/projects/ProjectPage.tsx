import { ArrowLeft, BookOpen, ExternalLink } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LazyMarkdown, preloadMarkdown } from '@/site/ui/LazyMarkdown';
import { Badge } from '@/shared/ui/badge';
import { Picture } from '@/shared/ui/picture';
import { buttonClasses } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { Island } from '@/site/islands/Island';
import { shareMeta, usePageMeta } from '@/shared/layout/seo';
import { useProject } from './api';
import { Gallery, PROJECT_MAIN_SIZES } from './components/Gallery';
import { projectPath } from '@/shared/config/addresses';
import { showsStatusBadge, statusLabel, teamSizeLabel } from './logic';
import type { Project } from './types';

const NOT_FOUND = 'Проектът не беше намерен';

/**
 * How wide a picture in the description is: 2 of 5 columns with gap-10 from lg, less the card's
 * padding and border (50 px): 425 px from 1280, 40vw - 87px from lg, the container less 50 px under.
 */
const PROJECT_DETAILS_SIZES = '(min-width: 1280px) 425px, (min-width: 1024px) calc(40vw - 87px), calc(100vw - 82px)';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** What the article shows of a project: a saved one, or a draft in the admin's preview. */
export type ArticleProject = Pick<
  Project,
  | 'title'
  | 'category'
  | 'gallery'
  | 'image'
  | 'image_alt'
  | 'description'
  | 'detailed_description'
  | 'client'
  | 'duration'
  | 'team_size'
  | 'status'
  | 'technologies'
  | 'link'
  | 'documentation_url'
>;

function MainImage({ project }: { project: ArticleProject }) {
  return (
    <figure className="flex flex-col gap-3">
      <Picture
        src={project.image}
        alt={project.image_alt?.trim() || project.title}
        sizes={PROJECT_MAIN_SIZES}
        width={1200}
        height={800}
        priority
        className="aspect-[3/2] w-full rounded-xl bg-slate-100 object-cover"
      />
      <figcaption className="text-slate-700">Основно изображение</figcaption>
    </figure>
  );
}

function ProjectDetails({ project }: { project: ArticleProject }) {
  return (
    <section aria-labelledby="project-details-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm motion-safe:animate-fade-in">
      <h2 id="project-details-heading" className="text-xl font-semibold text-slate-900">
        За проекта
      </h2>
      {project.description ? <p className="mt-3 text-slate-700">{project.description}</p> : null}
      {project.detailed_description?.trim() ? (
        <LazyMarkdown className="mt-4" imageSizes={PROJECT_DETAILS_SIZES}>
          {project.detailed_description}
        </LazyMarkdown>
      ) : null}

      <dl className="mt-6 grid grid-cols-1 gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
        {project.client ? <Detail term="Клиент">{project.client}</Detail> : null}
        {project.duration ? <Detail term="Продължителност">{project.duration}</Detail> : null}
        {project.team_size ? <Detail term="Екип">{teamSizeLabel(project.team_size)}</Detail> : null}
        {showsStatusBadge(project.status) ? (
          <Detail term="Статус">
            <Badge variant={project.status === 'completed' ? 'success' : 'secondary'}>{statusLabel(project.status)}</Badge>
          </Detail>
        ) : null}
      </dl>

      {project.technologies.length > 0 ? (
        <div className="mt-6">
          <h3 className="text-sm text-slate-600">Технологии</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {project.technologies.map((tech) => (
              <li key={tech} className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800">
                {tech}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-8 flex flex-wrap gap-3">
        {project.link ? (
          <a href={project.link} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
            <ExternalLink aria-hidden="true" />
            Разгледай проекта на живо
            <span className="sr-only"> (отваря се в нов раздел)</span>
          </a>
        ) : null}
        {project.documentation_url ? (
          <a href={project.documentation_url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline' })}>
            <BookOpen aria-hidden="true" />
            Документация
            <span className="sr-only"> (отваря се в нов раздел)</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}

function ProjectNotFound() {
  return (
    <section aria-labelledby="project-not-found" className="container flex flex-col items-start gap-4 py-16">
      <h1 id="project-not-found" className="text-2xl font-bold text-slate-900 md:text-3xl">
        {NOT_FOUND}
      </h1>
      <Link to="/" className={buttonClasses()}>
        Върни се към началото
      </Link>
    </section>
  );
}

/** /project/{slug} (or /project/{id}): one portfolio project. */
export default function ProjectPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const query = useProject(slug);
  const project = query.data ?? null;
  const missing = query.isError || (query.isSuccess && !project);
  // fetch the markdown renderer (detailed description) while the project is on its way
  useEffect(() => preloadMarkdown(), []);

  // Not found or a load error → toast and back to the home page.
  useEffect(() => {
    if (!missing) return;
    if (query.error) console.error(`[projects] could not load "${slug}"`, query.error);
    toast({ title: NOT_FOUND, variant: 'destructive' });
    navigate('/', { replace: true });
  }, [missing, navigate, query.error, slug]);

  // the picture the page opens with: the gallery's first, else the main image (same sizes)
  const mainImage = project ? (project.gallery[0]?.image ?? project.image) : null;
  usePageMeta(
    project
      ? {
          // the head only: the page itself shows the project's own title and description
          ...shareMeta(project, {
            title: project.title,
            description: project.description,
            image: project.image,
            imageAlt: project.image_alt,
          }),
          canonicalPath: projectPath(project),
          preloadImage: mainImage ? { src: mainImage, sizes: PROJECT_MAIN_SIZES } : null,
        }
      : missing
        ? { title: NOT_FOUND, noIndex: true }
        : { title: 'Проект' },
  );

  if (query.isPending) {
    return (
      <p role="status" className="container py-24 text-center text-slate-600">
        Зареждане на проекта...
      </p>
    );
  }
  if (!project) return <ProjectNotFound />;

  return <ProjectArticle project={project} />;
}

/** The project's page below the site header (the admin's preview renders it too). */
export function ProjectArticle({ project }: { project: ArticleProject }) {
  return (
    <article aria-labelledby="project-title" className="container py-10 md:py-14">
      <Link to={{ pathname: '/', hash: 'work' }} className={buttonClasses({ variant: 'ghost', className: '-ml-3' })}>
        <ArrowLeft aria-hidden="true" />
        Назад към портфолиото
      </Link>
      <header className="mt-6 flex flex-col items-start gap-3">
        {project.category ? <Badge variant="secondary">{project.category}</Badge> : null}
        <h1 id="project-title" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
          {project.title}
        </h1>
      </header>
      <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          {project.gallery.length > 0 ? <Island name="gallery" component={Gallery} props={{ items: project.gallery, projectTitle: project.title }} /> : <MainImage project={project} />}
        </div>
        <div className="lg:col-span-2">
          <ProjectDetails project={project} />
        </div>
      </div>
    </article>
  );
}
