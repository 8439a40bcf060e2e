import { CheckCircle2, Download, RotateCcw } from 'lucide-react';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { CONTACT_METHOD_LABELS, SERVICE_LABELS, type InquiryService } from '@/shared/domain/inquiry';
import { cn } from '@/shared/ui/cn';
import { ListFilter, ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/PagedList';
import { useListState } from '@/admin/kit/use-list-state';
import { useExportInquiries, useInquiryPage, useSetInquiryStatus } from './api';
import { inquiriesCsv, inquiriesCsvFileName } from './csv';
import { downloadText } from './download';
import { formatReceivedBg } from './format';
import { Detail, InboxCard } from './InboxCard';
import { INQUIRY_FILTER_LABELS, INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, nextInquiryStatus } from './status';
import type { Inquiry, InquiryFilters } from './types';
import { useStatusAction } from './use-status-action';

const SERVICES = Object.keys(SERVICE_LABELS) as InquiryService[];
/** The filters beside the search, as the address may carry them. */
const INQUIRY_FILTERS = { status: INQUIRY_STATUSES, service: SERVICES } as const;

export const inquiryText = {
  loadFailed: 'Неуспешно зареждане на запитвания.',
  statusFailed: 'Неуспешна промяна на статуса на запитването.',
  markedHandled: 'Запитването е отбелязано като обработено',
  markedNew: 'Запитването е върнато като ново',
  exportFailed: 'Неуспешен експорт на запитванията.',
  exported: 'Файлът е изтеглен',
  nothingToExport: 'Няма запитвания за експорт',
} as const;

const inquiryListText = {
  loading: 'Зареждане на запитвания...',
  loadFailed: inquiryText.loadFailed,
  empty: 'Все още няма запитвания.',
  noMatch: 'Няма запитвания, които отговарят на филтрите.',
  total: 'Общо запитвания',
  found: 'Намерени запитвания',
  pages: 'Страници на запитванията',
  clear: 'Изчисти филтрите',
} as const;

const STATUS_OPTIONS = [{ value: '', label: 'Всички' }, ...INQUIRY_STATUSES.map((status) => ({ value: status, label: INQUIRY_FILTER_LABELS[status] }))];
const SERVICE_OPTIONS = [{ value: '', label: 'Всички услуги' }, ...SERVICES.map((service) => ({ value: service, label: SERVICE_LABELS[service] }))];

/** The 'Запитвания' tab: visitors' inquiries, newest first, with filters, search and CSV export. */
export function InquiriesTab() {
  const paging = useListState('inquiries', INQUIRY_FILTERS);
  const filters: InquiryFilters = { search: paging.search, ...paging.filters };
  const list = useInquiryPage(filters, paging.page);
  const exporter = useExportInquiries();

  function onExport() {
    exporter.mutate(filters, {
      onSuccess: (rows) => {
        if (rows.length === 0) {
          toast({ title: inquiryText.nothingToExport, description: 'Няма запитвания, които отговарят на филтрите.' });
          return;
        }
        downloadText(inquiriesCsv(rows), inquiriesCsvFileName());
        toast({ title: inquiryText.exported, description: `Експортирани запитвания: ${rows.length}.` });
      },
      onError: (error) => {
        console.error('[admin] exporting inquiries failed', error);
        toast({ title: 'Грешка', description: inquiryText.exportFailed, variant: 'destructive' });
      },
    });
  }

  const exportButton = (
    <Button variant="outline" onClick={onExport} disabled={exporter.isPending || !list.data}>
      {exporter.isPending ? <Spinner size="sm" label="Експорт" /> : <Download aria-hidden="true" />}
      Експорт в CSV
    </Button>
  );

  return (
    <ListSection list={paging} title="Запитвания" actions={exportButton}>
      <ListSearch list={paging} name="Търсене и филтри на запитванията" placeholder="Име, компания, имейл или съобщение" className="md:grid-cols-[2fr_1fr_1fr]">
        <ListFilter label="Статус" value={filters.status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />
        <ListFilter label="Услуга" value={filters.service} onChange={(value) => paging.setFilter('service', value)} options={SERVICE_OPTIONS} />
      </ListSearch>

      <PagedList list={paging} query={list} text={inquiryListText}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label="Списък със запитвания">
            {(inquiry) => <InquiryCard inquiry={inquiry} />}
          </ListRows>
        )}
      </PagedList>
    </ListSection>
  );
}

function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  const setStatus = useSetInquiryStatus();
  const changeStatus = useStatusAction(setStatus, inquiryText.statusFailed, 'an inquiry');
  const isNew = inquiry.status === 'new';

  function toggle() {
    const status = nextInquiryStatus(inquiry.status);
    changeStatus({ id: inquiry.id, status }, { title: status === 'handled' ? inquiryText.markedHandled : inquiryText.markedNew });
  }

  return (
    <InboxCard
      name={inquiry.name}
      company={inquiry.company}
      level={3}
      status={<Badge variant={isNew ? 'default' : 'outline'}>{INQUIRY_STATUS_LABELS[inquiry.status] ?? inquiry.status}</Badge>}
      className={cn(isNew && 'border-l-4 border-l-brand-600')}
      delivery={inquiry}
      kind="inquiry"
      details={
        <>
          <Detail term="Услуга">{SERVICE_LABELS[inquiry.purpose] ?? inquiry.purpose}</Detail>
          <Detail term="Предпочитан начин за контакт">{CONTACT_METHOD_LABELS[inquiry.contact_method] ?? inquiry.contact_method}</Detail>
          <Detail term="Получено">
            <time dateTime={inquiry.created_at}>{formatReceivedBg(inquiry.created_at)}</time>
          </Detail>
        </>
      }
      email={inquiry.email}
      phone={inquiry.phone}
      message={inquiry.message}
      actions={
        <Button size="sm" variant={isNew ? 'default' : 'outline'} onClick={toggle} disabled={setStatus.isPending}>
          {isNew ? <CheckCircle2 aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {isNew ? 'Маркирай като обработено' : 'Върни като ново'}{' '}
          <span className="sr-only">– {inquiry.name}</span>
        </Button>
      }
    />
  );
}
