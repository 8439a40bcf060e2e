import { formatPhone } from '@/shared/domain/phone';
import { CheckCircle2, Download, Mail, Phone, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { fieldClasses } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { CONTACT_METHOD_LABELS, SERVICE_LABELS, type InquiryService } from '@/shared/domain/inquiry';
import { cn } from '@/shared/ui/cn';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { ListSearch, PagedList } from '@/admin/kit/PagedList';
import { useListState } from '@/admin/kit/use-list-state';
import { useExportInquiries, useInquiryPage, useSetInquiryStatus } from './api';
import { ChatNotice } from './ChatNotice';
import { inquiriesCsv, inquiriesCsvFileName } from './csv';
import { downloadText } from './download';
import { formatReceivedBg, mailtoHref, telHref } from './format';
import { INQUIRY_FILTER_LABELS, INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, nextInquiryStatus } from './status';
import type { Inquiry, InquiryFilters } from './types';

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

/** The 'Запитвания' tab: visitors' inquiries, newest first, with filters, search and CSV export. */
export function InquiriesTab() {
  const uid = useId();
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

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${uid}-heading`} ref={paging.headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Запитвания
        </h2>
        <Button variant="outline" onClick={onExport} disabled={exporter.isPending || !list.data}>
          {exporter.isPending ? <Spinner size="sm" label="Експорт" /> : <Download aria-hidden="true" />}
          Експорт в CSV
        </Button>
      </div>

      <ListSearch list={paging} name="Търсене и филтри на запитванията" placeholder="Име, компания, имейл или съобщение" className="md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-status`}>Статус</Label>
          <select id={`${uid}-status`} className={cn(fieldClasses, 'h-10')} value={filters.status} onChange={(event) => paging.setFilter('status', event.target.value)}>
            <option value="">Всички</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-service`}>Услуга</Label>
          <select id={`${uid}-service`} className={cn(fieldClasses, 'h-10')} value={filters.service} onChange={(event) => paging.setFilter('service', event.target.value)}>
            <option value="">Всички услуги</option>
            {SERVICES.map((service) => (
              <option key={service} value={service}>
                {SERVICE_LABELS[service]}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>

      <PagedList list={paging} query={list} text={inquiryListText}>
        {(rows, busy) => (
          <ul className="grid gap-4" aria-label="Списък със запитвания" aria-busy={busy}>
            {rows.map((inquiry) => (
              <li key={inquiry.id}>
                <InquiryCard inquiry={inquiry} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  const uid = useId();
  const setStatus = useSetInquiryStatus();
  const recheckOnDenied = useRecheckOnDenied();
  const isNew = inquiry.status === 'new';
  const email = mailtoHref(inquiry.email);
  const phone = telHref(inquiry.phone);

  function toggle() {
    const status = nextInquiryStatus(inquiry.status);
    setStatus.mutate(
      { id: inquiry.id, status },
      {
        onSuccess: () => toast({ title: status === 'handled' ? inquiryText.markedHandled : inquiryText.markedNew }),
        onError: (error) => {
          console.error('[admin] changing an inquiry status failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, inquiryText.statusFailed), variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
  }

  return (
    <Card className={cn('grid gap-3 p-5', isNew && 'border-l-4 border-l-brand-600')}>
      <article aria-labelledby={`${uid}-name`} className="grid gap-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h3 id={`${uid}-name`} className="text-lg font-semibold text-slate-900">
              {inquiry.name}
            </h3>
            <p className="text-sm text-slate-700">{inquiry.company}</p>
          </div>
          <Badge variant={isNew ? 'default' : 'outline'}>{INQUIRY_STATUS_LABELS[inquiry.status] ?? inquiry.status}</Badge>
        </header>
        <ChatNotice row={inquiry} kind="inquiry" />
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-600">Услуга</dt>
            <dd className="text-slate-900">{SERVICE_LABELS[inquiry.purpose] ?? inquiry.purpose}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Предпочитан начин за контакт</dt>
            <dd className="text-slate-900">{CONTACT_METHOD_LABELS[inquiry.contact_method] ?? inquiry.contact_method}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Получено</dt>
            <dd className="text-slate-900">
              <time dateTime={inquiry.created_at}>{formatReceivedBg(inquiry.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Имейл</dt>
            <dd className="break-all">
              {email ? (
                <a href={email} className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline">
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  {inquiry.email}
                </a>
              ) : (
                <span className="text-slate-600">Не е предоставен</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Телефон</dt>
            <dd>
              {phone ? (
                <a href={phone} className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline">
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {formatPhone(inquiry.phone)}
                </a>
              ) : (
                <span className="text-slate-600">Не е предоставен</span>
              )}
            </dd>
          </div>
        </dl>
        <div>
          <h4 className="text-sm font-medium text-slate-600">Съобщение</h4>
          <p className="whitespace-pre-wrap break-words text-slate-900">{inquiry.message}</p>
        </div>
        <div className="flex justify-end">
          <Button size="sm" variant={isNew ? 'default' : 'outline'} onClick={toggle} disabled={setStatus.isPending}>
            {isNew ? <CheckCircle2 aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {isNew ? 'Маркирай като обработено' : 'Върни като ново'}{' '}
            <span className="sr-only">– {inquiry.name}</span>
          </Button>
        </div>
      </article>
    </Card>
  );
}
