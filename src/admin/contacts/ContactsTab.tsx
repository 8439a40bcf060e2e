import { Card } from '@/admin/kit/ui/card';
import { formatPhone } from '@/shared/domain/phone';
import { ListRows } from '@/admin/kit/lists/PagedList';
import { RecordList } from '@/admin/kit/records/RecordList';
import { RecordTab, type RecordListViewProps } from '@/admin/kit/records/RecordTab';
import { useRecordRows } from '@/admin/kit/records/use-record-rows';
import { Button } from '@/shared/ui/button';
import { contactRecords } from './api';
import { LazyContactPage as ContactPage } from './LazyContactPage';

/** The 'Контакти' tab: the people behind inquiries and bookings, most recently seen first, and each one's page. */
export function ContactsTab() {
  return <RecordTab type={contactRecords} list={ContactListView} form={(record, onDone) => <ContactPage contact={record} onDone={onDone} />} />;
}

const seen = new Intl.DateTimeFormat('bg-BG', { dateStyle: 'medium' });

function ContactListView({ paging, onEdit }: RecordListViewProps) {
  const rows = useRecordRows(contactRecords, paging);
  return (
    <RecordList rows={rows} actions={null}>
      {(contacts, busy) => (
        <ListRows rows={contacts} busy={busy} label="Контакти" tight>
          {(contact) => (
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="grid gap-0.5">
                <h3 className="font-semibold text-slate-900">{contact.name || contact.email || contact.phone}</h3>
                <p className="text-sm text-slate-700">{[contact.email, contact.phone && formatPhone(contact.phone)].filter(Boolean).join(' · ')}</p>
                <p className="text-xs text-slate-600">Последно: {seen.format(new Date(contact.last_seen_at))}</p>
              </div>
              <Button size="sm" variant="outline" onClick={() => onEdit(contact.id)} aria-label={`Отвори ${contact.name || contact.email || contact.phone}`}>
                Отвори
              </Button>
            </Card>
          )}
        </ListRows>
      )}
    </RecordList>
  );
}
