import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab } from '@/admin/kit/ListFormTab';
import { ListSearch, PagedList } from '@/admin/kit/PagedList';
import { RecordLoader } from '@/admin/kit/RecordLoader';
import { useConfirm } from '@/admin/kit/use-confirm';
import { askToDeleteChanged } from '@/admin/kit/use-edit-conflict';
import { useListState, type ListState } from '@/admin/kit/use-list-state';
import { useAdminClient, useAdminClientPage, useDeleteClient, type AdminClient } from './api';
import { ClientForm } from './ClientForm';

export const clientListText = {
  loading: 'Зареждане на клиенти...',
  loadFailed: 'Неуспешно зареждане на клиенти.',
  empty: 'Все още няма добавени клиенти.',
  noMatch: 'Няма клиенти, които отговарят на търсенето.',
  total: 'Общо клиенти',
  found: 'Намерени клиенти',
  pages: 'Страници на клиентите',
  clear: 'Изчисти търсенето',
} as const;

/** The 'Клиенти' tab (spec section 2): a 1/2/3-column grid of logos, one page at a time. */
export function ClientsTab() {
  // the list keeps its search and page while the form is open
  const paging = useListState('clients');
  return (
    <ListFormTab
      listPath={adminPaths.clients}
      list={({ onNew, onEdit }) => <ClientListView paging={paging} onNew={onNew} onEdit={onEdit} />}
      renderNew={(onDone) => <ClientForm client={null} onDone={onDone} />}
      renderEdit={(id, onDone) => <EditClient id={id} onDone={onDone} />}
    />
  );
}

function EditClient({ id, onDone }: { id: string; onDone: () => void }) {
  const client = useAdminClient(id);
  return (
    <RecordLoader
      query={client}
      title="Редактиране на клиент"
      loading="Зареждане на клиента..."
      loadFailed="Неуспешно зареждане на клиента."
      backLabel="Назад към клиентите"
      onBack={onDone}
    >
      {(record) => <ClientForm client={record} onDone={onDone} />}
    </RecordLoader>
  );
}

interface ClientListViewProps {
  paging: ListState;
  onNew: () => void;
  onEdit: (id: string) => void;
}

function ClientListView({ paging, onNew, onEdit }: ClientListViewProps) {
  const uid = useId();
  const { search, page } = paging;
  const clients = useAdminClientPage(search, page);
  const remove = useDeleteClient();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function onDelete(client: AdminClient) {
    if (await confirm({ message: 'Сигурни ли сте, че искате да изтриете този клиент?' })) runDelete(client.id, client.updated_at);
  }

  /** Deletes the version the list showed; if it changed since, asks again and deletes the current one. */
  function runDelete(id: string, expectedUpdatedAt: string) {
    setBusyId(id);
    remove.mutate(
      { id, expectedUpdatedAt },
      {
        onSuccess: () => toast({ title: 'Клиентът е изтрит' }),
        onError: async (error) => {
          setBusyId(null);
          const again = await askToDeleteChanged(error, confirm);
          if (again !== undefined) {
            if (again) runDelete(id, again);
            return;
          }
          console.error('[admin] deleting a client failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешно изтриване на клиента.'), variant: 'destructive' });
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
          Клиенти
        </h2>
        <Button onClick={onNew}>
          <Plus aria-hidden="true" />
          Нов клиент
        </Button>
      </div>
      <ListSearch list={paging} name="Търсене в клиентите" placeholder="Име на клиента" />
      <PagedList list={paging} query={clients} text={clientListText}>
        {(rows, busy) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Клиенти" aria-busy={busy}>
            {rows.map((client) => (
              <li key={client.id}>
                <Card className="flex h-full flex-col items-center gap-3 p-5">
                  <div className="flex h-[100px] w-[150px] items-center justify-center">
                    <img
                      src={client.logo}
                      alt={`Лого на ${client.name}`}
                      width={150}
                      height={100}
                      loading="lazy"
                      decoding="async"
                      className="max-h-full max-w-full object-contain"
                    />
                  </div>
                  <h3 className="text-center font-semibold text-slate-900">{client.name}</h3>
                  <div className="mt-auto flex flex-wrap justify-center gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(client.id)}>
                      <Pencil aria-hidden="true" />
                      Редактирай<span className="sr-only"> {client.name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-danger-700 hover:bg-danger-50"
                      onClick={() => void onDelete(client)}
                      disabled={busyId === client.id}
                    >
                      <Trash2 aria-hidden="true" />
                      Изтрий<span className="sr-only"> {client.name}</span>
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {dialog}
    </section>
  );
}
