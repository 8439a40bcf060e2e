import { Download, UserRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/shared/ui/badge';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { describeFirstTouch } from '@/shared/domain/first-touch';
import { CONTACT_METHOD_LABELS, SERVICE_LABELS, type InquiryService } from '@/shared/domain/inquiry';
import { cn } from '@/shared/ui/cn';
import { ListFilter, ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/lists/PagedList';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import { useExportInquiries, useInquiryPage } from './api';
import { inquiriesCsv, inquiriesCsvFileName } from './csv';
import { downloadText } from '@/admin/kit/formats/csv';
import { formatReceivedBg } from './format';
import { Detail, InboxCard } from './InboxCard';
import { LeadBoard } from './LeadBoard';
import { LeadControls } from './LeadControls';
import { INQUIRY_FILTER_LABELS, INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, isOpenStage } from './status';
import type { FollowUpFilter, Inquiry, InquiryFilters } from './types';

const SERVICES = Object.keys(SERVICE_LABELS) as InquiryService[];
/** The address's word for the board: '?inquiries.view=board'. */
const VIEW_PARAM = 'inquiries.view';
/** The filters beside the search, as the address may carry them. */
const FOLLOW_UPS: readonly FollowUpFilter[] = ['today', 'overdue'];
const INQUIRY_FILTERS = { status: INQUIRY_STATUSES, service: SERVICES, follow_up: FOLLOW_UPS } as const;

export const inquiryText = {
  loadFailed: 'Неуспешно зареждане на запитвания.',
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
const FOLLOW_UP_OPTIONS = [
  { value: '', label: 'Всички' },
  { value: 'today', label: 'За днес' },
  { value: 'overdue', label: 'Просрочени' },
];
const SERVICE_OPTIONS = [{ value: '', label: 'Всички услуги' }, ...SERVICES.map((service) => ({ value: service, label: SERVICE_LABELS[service] }))];

/** The 'Запитвания' tab: visitors' inquiries, newest first, with filters, search and CSV export. */
export function InquiriesTab() {
  const paging = useListState('inquiries', INQUIRY_FILTERS);
  const filters: InquiryFilters = { search: paging.search, ...paging.filters };
  const { zone } = useConsultantZone();
  const list = useInquiryPage(filters, paging.page, { zone, now: new Date() });
  const exporter = useExportInquiries();

  function onExport() {
    exporter.mutate({ filters, clock: { zone, now: new Date() } }, {
      onSuccess: (rows) => {
        if (rows.length === 0) {
          toast({ title: inquiryText.nothingToExport, description: 'Няма запитвания, които отговарят на филтрите.' });
          return;
        }
        downloadText(inquiriesCsv(rows, { timeZone: zone }), inquiriesCsvFileName());
        toast({ title: inquiryText.exported, description: `Експортирани запитвания: ${rows.length}.` });
      },
      onError: (error) => {
        console.error('[admin] exporting inquiries failed', error);
        toast({ title: 'Грешка', description: inquiryText.exportFailed, variant: 'destructive' });
      },
    });
  }

  // the board or the list, kept in the address beside the list's own state
  const [params, setParams] = useSearchParams();
  const board = params.get(VIEW_PARAM) === 'board';
  const showBoard = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set(VIEW_PARAM, 'board');
        else next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );

  const actions = (
    <>
      <div role="group" aria-label="Изглед" className="inline-flex rounded-md border border-slate-300">
        <Button variant={board ? 'ghost' : 'default'} size="sm" aria-pressed={!board} onClick={() => showBoard(false)}>
          Списък
        </Button>
        <Button variant={board ? 'default' : 'ghost'} size="sm" aria-pressed={board} onClick={() => showBoard(true)}>
          Табло
        </Button>
      </div>
      <Button variant="outline" onClick={onExport} disabled={exporter.isPending || !list.data}>
        {exporter.isPending ? <Spinner size="sm" label="Експорт" /> : <Download aria-hidden="true" />}
        Експорт в CSV
      </Button>
    </>
  );

  if (board) {
    return (
      <ListSection list={paging} title="Запитвания" actions={actions}>
        <LeadBoard zone={zone} />
      </ListSection>
    );
  }

  return (
    <ListSection list={paging} title="Запитвания" actions={actions}>
      <ListSearch list={paging} name="Търсене и филтри на запитванията" placeholder="Име, компания, имейл или съобщение" className="md:grid-cols-[2fr_1fr_1fr_1fr]">
        <ListFilter label="Етап" value={filters.status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />
        <ListFilter label="Услуга" value={filters.service} onChange={(value) => paging.setFilter('service', value)} options={SERVICE_OPTIONS} />
        <ListFilter label="Следващ контакт" value={filters.follow_up} onChange={(value) => paging.setFilter('follow_up', value)} options={FOLLOW_UP_OPTIONS} />
      </ListSearch>

      <PagedList list={paging} query={list} text={inquiryListText}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label="Списък със запитвания">
            {(inquiry) => <InquiryCard inquiry={inquiry} zone={zone} />}
          </ListRows>
        )}
      </PagedList>
    </ListSection>
  );
}

function InquiryCard({ inquiry, zone }: { inquiry: Inquiry; zone: string }) {
  const isNew = inquiry.status === 'new';
  const touch = describeFirstTouch(inquiry.first_touch);
  const overdue = inquiry.follow_up_at && isOpenStage(inquiry.status) && Date.parse(inquiry.follow_up_at) < Date.now();

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
          {inquiry.first_touch && (
            <Detail term="Източник">
              {[touch.source, touch.medium].filter(Boolean).join(' / ')}
              {touch.campaign && ` · ${touch.campaign}`}
              <span className="block text-xs text-slate-600">Начална страница: {touch.landing}</span>
              {touch.sameDayVisit && <span className="block text-xs text-slate-600">По посещението от същия ден (без съгласие за съхранение)</span>}
            </Detail>
          )}
          {inquiry.follow_up_at && (
            <Detail term="Следващ контакт">
              <time dateTime={inquiry.follow_up_at} className={cn(overdue && 'font-semibold text-danger-700')}>
                {formatWallClockBg(inquiry.follow_up_at, zone)}
                {overdue && ' (просрочен)'}
              </time>
            </Detail>
          )}
        </>
      }
      email={inquiry.email}
      phone={inquiry.phone}
      message={inquiry.message}
      actions={
        <div className="grid w-full gap-3">
          <LeadControls key={inquiry.id} inquiry={inquiry} zone={zone} />
          {inquiry.contact_id && (
            <Link to={`${adminPaths.contacts}/${inquiry.contact_id}`} className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'justify-self-start')}>
              <UserRound aria-hidden="true" />
              Контакт: бележки и история <span className="sr-only">– {inquiry.name}</span>
            </Link>
          )}
        </div>
      }
    />
  );
}
