import { Plus } from 'lucide-react';
import { DeleteRowButton, EditRowButton } from '@/admin/kit/ui/row-buttons';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/ui/card';
import { RecordTab, type RecordListViewProps } from '@/admin/kit/records/RecordTab';
import { useRecordRows } from '@/admin/kit/records/use-record-rows';
import { ListRows } from '@/admin/kit/lists/PagedList';
import { RecordList } from '@/admin/kit/records/RecordList';
import { clientRecords } from './api';
import { LazyClientForm as ClientForm } from './LazyClientForm';

/** The 'Клиенти' tab: a 1/2/3-column grid of logos, one page at a time. */
export function ClientsTab() {
  return <RecordTab type={clientRecords} list={ClientListView} form={(record, onDone) => <ClientForm client={record} onDone={onDone} />} />;
}

function ClientListView({ paging, onNew, onEdit }: RecordListViewProps) {
  const rows = useRecordRows(clientRecords, paging);
  const { onDelete, busyId } = rows;

  const newClient = (
    <Button onClick={onNew}>
      <Plus aria-hidden="true" />
      Нов клиент
    </Button>
  );

  return (
    <RecordList rows={rows} actions={newClient}>
      {(clients, busy) => (
        <ListRows rows={clients} busy={busy} label="Клиенти" className="sm:grid-cols-2 lg:grid-cols-3">
          {(client) => (
            <Card className="flex h-full flex-col items-center gap-3 p-5">
              <div className="flex h-[100px] w-[150px] items-center justify-center">
                <img
                  src={client.logo}
                  alt={client.logo_alt.trim() || `Лого на ${client.name}`}
                  width={150}
                  height={100}
                  loading="lazy"
                  decoding="async"
                  className="max-h-full max-w-full object-contain"
                />
              </div>
              <h3 className="text-center font-semibold text-slate-900">{client.name}</h3>
              <div className="mt-auto flex flex-wrap justify-center gap-2">
                <EditRowButton name={client.name} onClick={() => onEdit(client.id)} />
                <DeleteRowButton name={client.name} onClick={() => onDelete(client)} disabled={busyId === client.id} />
              </div>
            </Card>
          )}
        </ListRows>
      )}
    </RecordList>
  );
}
