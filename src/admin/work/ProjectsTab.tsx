import { ExternalLink } from 'lucide-react';
import { DeleteRowButton, EditRowButton } from '@/admin/kit/ui/row-buttons';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/ui/card';
import { formatDateBg } from '@/shared/domain/dates';
import { ListRows } from '@/admin/kit/lists/PagedList';
import { RecordList } from '@/admin/kit/records/RecordList';
import { RecordTab, type RecordListViewProps } from '@/admin/kit/records/RecordTab';
import { useRecordRows } from '@/admin/kit/records/use-record-rows';
import { BinNote } from '@/admin/kit/records/BinNote';
import { projectRecords, workErrorMessage } from './api';
import { LazyProjectForm as ProjectForm } from './LazyProjectForm';
import type { AdminProjectRow } from './project-record';

/** The 'Проекти' tab: one page of the list at a time, or the form for a new or an existing project. */
export function ProjectsTab() {
  return <RecordTab type={projectRecords} list={ProjectListView} form={(record, onDone) => <ProjectForm project={record} onDone={onDone} />} />;
}

function ProjectListView({ paging, onNew, onEdit }: RecordListViewProps) {
  const rows = useRecordRows(projectRecords, paging, { describeError: workErrorMessage });
  const { onDelete, busyId } = rows;

  const newProject = <Button onClick={onNew}>+ Добави нов проект</Button>;

  return (
    <RecordList rows={rows} actions={newProject} footer={<BinNote kind="projects">Изтритите проекти са в кошчето</BinNote>}>
      {(projects, busy) => <ProjectList projects={projects} busy={busy} busyId={busyId} onEdit={onEdit} onDelete={onDelete} />}
    </RecordList>
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
            <EditRowButton name={project.title} onClick={() => onEdit(project.id)} />
            <DeleteRowButton name={project.title} onClick={() => onDelete(project)} disabled={busyId === project.id} />
          </div>
        </Card>
      )}
    </ListRows>
  );
}
