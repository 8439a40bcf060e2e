import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDateBg } from '@/lib/dates';
import { useRecheckOnDenied } from '../api';
import { ErrorCard } from '../components/ErrorCard';
import { useConfirm } from '../components/useConfirm';
import { useAdminProjects, useDeleteProject, workErrorMessage } from './api';
import { ProjectForm } from './ProjectForm';
import { projectFormText, type AdminProject } from './project-form';

type View = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; project: AdminProject };

/** The 'Проекти' tab (spec section 2): the list, or the form for a new or an existing project. */
export function ProjectsTab() {
  const [view, setView] = useState<View>({ mode: 'list' });
  const projects = useAdminProjects();
  const remove = useDeleteProject();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (view.mode !== 'list') {
    const project = view.mode === 'edit' ? view.project : null;
    return <ProjectForm key={project?.id ?? 'new'} project={project} onDone={() => setView({ mode: 'list' })} />;
  }

  async function onDelete(project: AdminProject) {
    if (!(await confirm({ message: projectFormText.deleteQuestion }))) return;
    setBusyId(project.id);
    remove.mutate(project.id, {
      onSuccess: () => toast({ title: 'Проектът е изтрит' }),
      onError: (error) => {
        console.error('[work-admin] deleting a project failed', error);
        toast({ title: 'Грешка', description: workErrorMessage(error, projectFormText.deleteFailed), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  return (
    <section aria-labelledby="work-projects-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="work-projects-heading" className="text-xl font-semibold text-slate-900">
          Проекти
        </h2>
        <Button onClick={() => setView({ mode: 'new' })}>
          + Добави нов проект
        </Button>
      </div>
      {projects.isPending ? (
        <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на проекти...
        </p>
      ) : projects.isError ? (
        <ErrorCard message={projectFormText.loadFailed} onRetry={() => void projects.refetch()} retrying={projects.isFetching} />
      ) : projects.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Няма проекти. Създайте първия.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Списък с проекти">
          {projects.data.map((project) => (
            <li key={project.id}>
              <Card className="flex flex-col gap-4 p-4 sm:flex-row">
                <div className="aspect-[3/2] w-full shrink-0 overflow-hidden rounded-md bg-slate-100 sm:w-48">
                  <img
                    src={project.image}
                    alt=""
                    width={192}
                    height={128}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                </div>
                <div className="grid min-w-0 flex-1 content-start gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-lg font-semibold text-slate-900">{project.title}</h3>
                    <Badge variant="secondary">{project.category}</Badge>
                  </div>
                  {project.description && <p className="line-clamp-2 text-sm text-slate-700">{project.description}</p>}
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                    <a
                      aria-label={`Отвори линк на ${project.title} (в нов прозорец)`}
                      href={project.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                      Отвори линк
                    </a>
                    <span>
                      Създаден: <time dateTime={project.created_at}>{formatDateBg(project.created_at)}</time>
                    </span>
                  </div>
                </div>
                <div className="flex shrink-0 flex-wrap items-start gap-2 sm:flex-col">
                  <Button size="sm" variant="outline" onClick={() => setView({ mode: 'edit', project })} aria-label={`Редактирай ${project.title}`}>
                    <Pencil aria-hidden="true" />
                    Редактирай
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger-700 hover:bg-danger-50"
                    onClick={() => void onDelete(project)}
                    aria-label={`Изтрий ${project.title}`}
                    disabled={busyId === project.id}
                  >
                    <Trash2 aria-hidden="true" />
                    Изтрий
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
