import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { formatDateBg } from '@/shared/domain/dates';
import { ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/PagedList';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab, type ListOpeners } from '@/admin/kit/ListFormTab';
import { useRowDelete } from '@/admin/kit/use-row-delete';
import { useListState, type ListState } from '@/admin/kit/use-list-state';
import { BinNote } from '@/admin/bin/BinNote';
import { useAdminProject, useAdminProjectPage, useDeleteProject, workErrorMessage } from './api';
import { LazyProjectForm as ProjectForm } from './LazyProjectForm';
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

/** The 'Проекти' tab: one page of the list at a time, or the form for a new or an existing project. */
export function ProjectsTab() {
  // the list keeps its search and page (in the address) while the form is open
  const paging = useListState('projects');
  return (
    <ListFormTab
      listPath={adminPaths.projects}
      list={(open) => <ProjectListView paging={paging} {...open} />}
      useRecord={useAdminProject}
      recordText={{
        title: 'Редактиране на проект',
        loading: 'Зареждане на проекта...',
        loadFailed: 'Неуспешно зареждане на проекта.',
        backLabel: 'Назад към проектите',
      }}
      form={(record, onDone) => <ProjectForm project={record} onDone={onDone} />}
    />
  );
}

const deleteText = {
  question: projectFormText.deleteQuestion,
  deleted: 'Проектът е изтрит',
  failed: projectFormText.deleteFailed,
  logAs: '[work-admin] deleting a project failed',
} as const;

function ProjectListView({ paging, onNew, onEdit }: { paging: ListState } & ListOpeners) {
  const { search, page } = paging;
  const projects = useAdminProjectPage(search, page);
  const { onDelete, busyId, dialog } = useRowDelete({ remove: useDeleteProject(), text: deleteText, describeError: workErrorMessage });

  const newProject = <Button onClick={onNew}>+ Добави нов проект</Button>;

  return (
    <ListSection list={paging} title="Проекти" actions={newProject}>
      <ListSearch list={paging} name="Търсене в проектите" placeholder="Заглавие, клиент или категория" />
      <PagedList list={paging} query={projects} text={projectListText}>
        {(rows, busy) => <ProjectList projects={rows} busy={busy} busyId={busyId} onEdit={onEdit} onDelete={onDelete} />}
      </PagedList>
      <BinNote kind="projects">Изтритите проекти са в кошчето</BinNote>
      {dialog}
    </ListSection>
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

/** One page of the projects list, newest first. */
function ProjectList({ projects, busy, busyId, onEdit, onDelete }: ProjectListProps) {
  return (
    <ListRows rows={projects} busy={busy} label="Списък с проекти">
      {(project) => (
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
      )}
    </ListRows>
  );
}
