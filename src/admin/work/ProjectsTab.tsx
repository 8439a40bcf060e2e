import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { toast } from '@/shared/ui/use-toast';
import { formatDateBg } from '@/shared/domain/dates';
import { useRecheckOnDenied } from '@/admin/kit/api';
import { ListSearch, PagedList } from '@/admin/kit/PagedList';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab } from '@/admin/kit/ListFormTab';
import { RecordLoader } from '@/admin/kit/RecordLoader';
import { useConfirm } from '@/admin/kit/use-confirm';
import { askToDeleteChanged } from '@/admin/kit/use-edit-conflict';
import { useListState, type ListState } from '@/admin/kit/use-list-state';
import { useAdminProject, useAdminProjectPage, useDeleteProject, workErrorMessage } from './api';
import { ProjectForm } from './ProjectForm';
import { projectFormText, type AdminProjectRow } from './project-schema';

export const projectListText = {
  loading: 'Зареждане на проекти...',
  loadFailed: projectFormText.loadFailed,
  empty: 'Няма проекти. Създайте първия.',
  noMatch: 'Няма проекти, които отговарят на търсенето.',
  total: 'Общо проекти',
  found: 'Намерени проекти',
  pages: 'Страници на проектите',
  clear: 'Изчисти търсенето',
} as const;

/** The 'Проекти' tab (spec section 2): one page of the list at a time, or the form for a new or an existing project. */
export function ProjectsTab() {
  // the list keeps its search and page (in the address) while the form is open
  const paging = useListState('projects');
  return (
    <ListFormTab
      listPath={adminPaths.projects}
      list={({ onNew, onEdit }) => <ProjectListView paging={paging} onNew={onNew} onEdit={onEdit} />}
      renderNew={(onDone) => <ProjectForm project={null} onDone={onDone} />}
      renderEdit={(id, onDone) => <EditProject id={id} onDone={onDone} />}
    />
  );
}

function EditProject({ id, onDone }: { id: string; onDone: () => void }) {
  const project = useAdminProject(id);
  return (
    <RecordLoader
      query={project}
      title="Редактиране на проект"
      loading="Зареждане на проекта..."
      loadFailed="Неуспешно зареждане на проекта."
      backLabel="Назад към проектите"
      onBack={onDone}
    >
      {(record) => <ProjectForm project={record} onDone={onDone} />}
    </RecordLoader>
  );
}

interface ProjectListViewProps {
  paging: ListState;
  onNew: () => void;
  onEdit: (id: string) => void;
}

function ProjectListView({ paging, onNew, onEdit }: ProjectListViewProps) {
  const uid = useId();
  const { search, page } = paging;
  const projects = useAdminProjectPage(search, page);
  const remove = useDeleteProject();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function onDelete(project: AdminProjectRow) {
    if (await confirm({ message: projectFormText.deleteQuestion })) runDelete(project.id, project.updated_at);
  }

  /** Deletes the version the list showed; if it changed since, asks again and deletes the current one. */
  function runDelete(id: string, expectedUpdatedAt: string) {
    setBusyId(id);
    remove.mutate(
      { id, expectedUpdatedAt },
      {
        onSuccess: () => toast({ title: 'Проектът е изтрит' }),
        onError: async (error) => {
          setBusyId(null);
          const again = await askToDeleteChanged(error, confirm);
          if (again !== undefined) {
            if (again) runDelete(id, again);
            return;
          }
          console.error('[work-admin] deleting a project failed', error);
          toast({ title: 'Грешка', description: workErrorMessage(error, projectFormText.deleteFailed), variant: 'destructive' });
          recheckOnDenied(error);
        },
        onSettled: () => setBusyId((current) => (current === id ? null : current)),
      },
    );
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${uid}-heading`} ref={paging.headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Проекти
        </h2>
        <Button onClick={onNew}>
          + Добави нов проект
        </Button>
      </div>
      <ListSearch
        list={paging}
        name="Търсене в проектите"
        placeholder="Заглавие, клиент или категория"
      />
      <PagedList list={paging} query={projects} text={projectListText}>
        {(rows, busy) => (
          <ProjectList projects={rows} busy={busy} busyId={busyId} onEdit={onEdit} onDelete={(project) => void onDelete(project)} />
        )}
      </PagedList>
      {dialog}
    </section>
  );
}

interface ProjectListProps {
  projects: AdminProjectRow[];
  /** The next page or search result is loading. */
  busy: boolean;
  /** The id of a project whose delete is running. */
  busyId: string | null;
  onEdit: (id: string) => void;
  onDelete: (project: AdminProjectRow) => void;
}

/** One page of the projects list (spec section 2), newest first. */
function ProjectList({ projects, busy, busyId, onEdit, onDelete }: ProjectListProps) {
  return (
    <ul className="grid gap-4" aria-label="Списък с проекти" aria-busy={busy}>
      {projects.map((project) => (
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
              <Button size="sm" variant="outline" onClick={() => onEdit(project.id)} aria-label={`Редактирай ${project.title}`}>
                <Pencil aria-hidden="true" />
                Редактирай
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger-700 hover:bg-danger-50"
                onClick={() => onDelete(project)}
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
  );
}
