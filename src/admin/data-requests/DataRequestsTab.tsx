import { ListFilter, ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/lists/PagedList';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { REQUEST_STATUSES, useRequestPage, type RequestFilters } from './api';
import { RequestRow } from './RequestRow';
import { requestListText, requestText, STATUS_NAMES } from './words';

/** The state filter, as the address may carry it ('?data-requests.status=open'). */
const REQUEST_FILTERS = { status: REQUEST_STATUSES } as const;

const STATUS_OPTIONS = [{ value: '', label: requestText.all }, ...REQUEST_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] }))];

/**
 * 'Заявки за лични данни': the requests people confirmed from /lichni-danni, for consultants and
 * administrators (panel/AdminPage.tsx; roles.ts), a page at a time, the open ones first by their
 * deadline on the consultant's clock (the overdue and those due within 7 days marked), searched by address and filtered by
 * state. Each row says who handles it (taken, or given to a consultant or administrator), links to
 * the contact with the address and closes with what was done.
 */
export function DataRequestsTab() {
  const paging = useListState('data-requests', REQUEST_FILTERS);
  const filters: RequestFilters = { search: paging.search, status: paging.filters.status };
  const list = useRequestPage(filters, paging.page);
  const { zone } = useConsultantZone();
  return (
    <ListSection list={paging} title={requestText.title}>
      <p className="text-sm text-slate-700">{requestText.intro}</p>
      <ListSearch list={paging} name={requestText.search} placeholder={requestText.searchHint} className="md:grid-cols-[2fr_1fr]">
        <ListFilter label={requestText.filter} value={filters.status} onChange={(value) => paging.setFilter('status', value)} options={STATUS_OPTIONS} />
      </ListSearch>
      <PagedList list={paging} query={list} text={requestListText}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label={requestText.list} tight>
            {(request) => <RequestRow key={request.id} request={request} zone={zone} />}
          </ListRows>
        )}
      </PagedList>
    </ListSection>
  );
}
