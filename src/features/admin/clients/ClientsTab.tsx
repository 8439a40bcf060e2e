import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '../api';
import { ErrorCard } from '../components/ErrorCard';
import { useConfirm } from '../components/useConfirm';
import { useAdminClients, useDeleteClient, type AdminClient } from './api';
import { ClientForm } from './ClientForm';

type View = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; client: AdminClient };

/** The 'Клиенти' tab (spec section 2): a 1/2/3-column grid of logos. */
export function ClientsTab() {
  const [view, setView] = useState<View>({ mode: 'list' });
  const clients = useAdminClients();
  const remove = useDeleteClient();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (view.mode !== 'list') {
    return <ClientForm key={view.mode === 'edit' ? view.client.id : 'new'} client={view.mode === 'edit' ? view.client : null} onDone={() => setView({ mode: 'list' })} />;
  }

  async function onDelete(client: AdminClient) {
    if (!(await confirm({ message: 'Сигурни ли сте, че искате да изтриете този клиент?' }))) return;
    setBusyId(client.id);
    remove.mutate(client.id, {
      onSuccess: () => toast({ title: 'Клиентът е изтрит' }),
      onError: (error) => {
        console.error('[admin] deleting a client failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешно изтриване на клиента.'), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  return (
    <section aria-labelledby="admin-clients-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-clients-heading" className="text-xl font-semibold text-slate-900">
          Клиенти
        </h2>
        <Button onClick={() => setView({ mode: 'new' })}>
          <Plus aria-hidden="true" />
          Нов клиент
        </Button>
      </div>
      {clients.isPending ? (
        <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на клиенти...
        </p>
      ) : clients.isError ? (
        <ErrorCard message="Неуспешно зареждане на клиенти." onRetry={() => void clients.refetch()} retrying={clients.isFetching} />
      ) : clients.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Все още няма добавени клиенти.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Клиенти">
          {clients.data.map((client) => (
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
                  <Button size="sm" variant="outline" onClick={() => setView({ mode: 'edit', client })}>
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
      {dialog}
    </section>
  );
}
