import { UserRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { useLeadOwners } from '@/admin/kit/data/authors';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import { adminPaths } from '@/admin/kit/navigation/addresses';
import { useAuth } from '@/admin/kit/session/auth-context';
import { Card } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { useChangeRequest, type DataRequest, type RequestChange, type RequestStatus } from './api';
import { KIND_NAMES, OUTCOME_MAX, requestText, STATUS_NAMES, urgencyOf, urgencyText } from './words';

const BADGE: Record<RequestStatus, BadgeVariant> = { open: 'secondary', done: 'success', refused: 'outline' };
const URGENCY_CLASS = { overdue: 'font-semibold text-danger-700', soon: 'font-semibold text-amber-800', later: '' } as const;
const personName = (p: { full_name: string | null; username: string }) => p.full_name || p.username;

/** The day of a deadline on the consultant's clock: '29.12.2026 г.'. */
const dayOf = (iso: string, zone: string) => formatWallClockBg(iso, zone).replace(/,.*$/, '');

/**
 * One request of the list: the address, the kind, when it came, its deadline (on the consultant's
 * clock, `zone`), who handles it, its state and outcome.
 */
export function RequestRow({ request, zone }: { request: DataRequest; zone: string }) {
  const uid = useId();
  const { blogUser } = useAuth();
  const owners = useLeadOwners();
  const change = useChangeRequest();
  const recheckOnDenied = useRecheckOnDenied();
  const [outcome, setOutcome] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = request.status === 'open';
  const due = request.due_at && open ? urgencyOf(request.due_at) : null;

  function save(next: RequestChange, done: string) {
    setProblem(null);
    change.mutate(
      { id: request.id, change: next },
      {
        onSuccess: () => toast({ title: done, description: request.email }),
        onError: (error) => {
          console.error('[admin] a change to a data request failed', error);
          setProblem(writeErrorMessage(error, requestText.failed));
          recheckOnDenied(error);
        },
      },
    );
  }

  function close(status: Exclude<RequestStatus, 'open'>) {
    if (!outcome.trim()) return setProblem(requestText.outcomeMissing);
    save({ status, outcome: outcome.trim() }, requestText.closedToast);
  }

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="break-all font-semibold text-slate-900">{request.email}</h3>
        <Badge variant="outline">{KIND_NAMES[request.kind] ?? request.kind}</Badge>
        <Badge variant={BADGE[request.status] ?? 'outline'}>{STATUS_NAMES[request.status] ?? request.status}</Badge>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        {request.confirmed_at && (
          <Term term={requestText.received}>
            <time dateTime={request.confirmed_at}>{formatWallClockBg(request.confirmed_at, zone)}</time>
          </Term>
        )}
        {request.due_at && (
          <Term term={requestText.due}>
            <time dateTime={request.due_at} className={cn(due && URGENCY_CLASS[due.urgency])}>
              {dayOf(request.due_at, zone)}
              {due && urgencyText(due)}
            </time>
          </Term>
        )}
        {request.closed_at && (
          <Term term={requestText.closed}>
            <time dateTime={request.closed_at}>{formatWallClockBg(request.closed_at, zone)}</time>
          </Term>
        )}
      </dl>
      {request.outcome && !open && <p className="whitespace-pre-line break-words text-sm text-slate-800">{request.outcome}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-handler`}>{requestText.handler}</Label>
          <Select
            id={`${uid}-handler`}
            value={request.handled_by ?? ''}
            disabled={change.isPending || !open}
            onChange={(event) => save({ handled_by: event.target.value || null }, requestText.saved)}
            className="min-w-56"
          >
            <option value="">{requestText.nobody}</option>
            {/* one who no longer serves still shows as chosen */}
            {request.handled_by && request.handler && !owners.data?.some((o) => o.id === request.handled_by) && (
              <option value={request.handled_by}>{personName(request.handler)}</option>
            )}
            {(owners.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {personName(o)}
              </option>
            ))}
          </Select>
        </div>
        {open && blogUser && request.handled_by !== blogUser.id && (
          <Button variant="outline" onClick={() => save({ handled_by: blogUser.id }, requestText.saved)} disabled={change.isPending}>
            {requestText.takeIt} <span className="sr-only">{request.email}</span>
          </Button>
        )}
        {request.contact_id ? (
          <Link to={`${adminPaths.contacts}/${request.contact_id}`} className={buttonClasses({ variant: 'outline' })}>
            <UserRound aria-hidden="true" />
            {requestText.contact} <span className="sr-only">– {request.email}</span>
          </Link>
        ) : (
          <p className="text-sm text-slate-600">{requestText.noContact}</p>
        )}
      </div>
      {open && (
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-outcome`}>{requestText.outcome}</Label>
          <Textarea
            id={`${uid}-outcome`}
            rows={3}
            maxLength={OUTCOME_MAX}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value)}
            aria-describedby={`${uid}-outcome-hint`}
          />
          <p id={`${uid}-outcome-hint`} className="text-xs text-slate-600">
            {requestText.outcomeHint} {outcome.length}/{OUTCOME_MAX}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => close('done')} disabled={change.isPending}>
              {requestText.done} <span className="sr-only">– {request.email}</span>
            </Button>
            <Button variant="outline" onClick={() => close('refused')} disabled={change.isPending}>
              {requestText.refuse} <span className="sr-only">– {request.email}</span>
            </Button>
          </div>
        </div>
      )}
      {problem && <FormAlert className="p-3">{problem}</FormAlert>}
    </Card>
  );
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-600">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
