import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActiveBlogUsers } from '@/admin/kit/data/authors';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { recordExport } from '@/admin/kit/data/exports';
import { downloadText } from '@/admin/kit/formats/csv';
import { wallClockInstant } from '@/admin/kit/formats/wall-clock';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock-text';
import { ListFilter } from '@/admin/kit/lists/PagedList';
import { Card } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { formatRetention } from '@/shared/domain/retention';
import { fetchAuditForCsv, useAuditPages, useAuditPeriod, type AuditFilters } from './api';
import { auditCsv, auditCsvFileName } from './csv';
import { AUDIT_GROUPS, auditText, detailText, kindText, recordText } from './words';

/** The instant a calendar day ('2026-11-29') starts on the consultant's clock, plus `days`. */
function dayStart(day: string, zone: string, days = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return wallClockInstant(`${date.toISOString().slice(0, 10)}T00:00`, zone)?.toISOString() ?? null;
}

/**
 * 'Одит': who did what, newest first, a page at a time, filtered by person, kind and days (on the
 * consultant's clock), with a CSV of its own (itself recorded in the log), and how long it is kept
 * (the period of audit_events, set in 'Поверителност'). The database writes the log and prunes it;
 * nobody can change it (supabase/migrations/20261129000400_audit_log.sql).
 */
export function AuditTab() {
  const { zone } = useConsultantZone();
  const people = useActiveBlogUsers();
  const [person, setPerson] = useState('');
  const [group, setGroup] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const ids = { from: useId(), until: useId() };
  const filters: AuditFilters = useMemo(
    () => ({
      person: person || null,
      kinds: AUDIT_GROUPS.find((g) => g.value === group)?.kinds ?? null,
      since: from ? dayStart(from, zone) : null,
      until: until ? dayStart(until, zone, 1) : null,
    }),
    [person, group, from, until, zone],
  );
  const pages = useAuditPages(filters);
  const period = useAuditPeriod();
  const rows = pages.data?.pages.flat() ?? [];
  const exporter = useMutation({
    mutationFn: async () => {
      const all = await fetchAuditForCsv(filters);
      await recordExport('export.csv', all.length);
      return all;
    },
    onSuccess: (all) => {
      downloadText(auditCsv(all, zone), auditCsvFileName());
      toast({ title: auditText.exported, description: `Записи: ${all.length}.` });
    },
    onError: () => toast({ title: 'Грешка', description: auditText.exportFailed, variant: 'destructive' }),
  });

  const personOptions = [{ value: '', label: auditText.everyone }, ...(people.data ?? []).map((p) => ({ value: p.id, label: p.full_name?.trim() || p.username }))];

  return (
    <section aria-labelledby="audit-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-title" className="text-xl font-semibold text-slate-900">
            {auditText.title}
          </h2>
          <p className="text-sm text-slate-600">{auditText.intro}</p>
        </div>
        <Button variant="outline" onClick={() => exporter.mutate()} disabled={exporter.isPending} aria-busy={exporter.isPending}>
          <Download aria-hidden="true" />
          {auditText.exportCsv}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ListFilter label={auditText.person} value={person} onChange={setPerson} options={personOptions} />
        <ListFilter label={auditText.kind} value={group} onChange={setGroup} options={AUDIT_GROUPS.map(({ value, label }) => ({ value, label }))} />
        <div className="grid gap-1.5">
          <Label htmlFor={ids.from}>{auditText.from}</Label>
          <Input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.until}>{auditText.until}</Label>
          <Input id={ids.until} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
        </div>
      </div>
      {pages.isError && <FormAlert title="Грешка">{auditText.loadFailed}</FormAlert>}
      {pages.isPending ? (
        <Spinner label="Зареждане" />
      ) : rows.length === 0 && !pages.isError ? (
        <p className="text-sm text-slate-600">{auditText.empty}</p>
      ) : (
        <ul aria-label={auditText.title} className="grid gap-2">
          {rows.map((row) => {
            const detail = detailText(row.detail);
            const record = recordText(row.record_table, row.record_id);
            return (
              <li key={row.id}>
                <Card className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-baseline sm:gap-4">
                  <time dateTime={row.at} className="shrink-0 text-slate-600">
                    {formatWallClockBg(row.at, zone)}
                  </time>
                  <span className="shrink-0 font-medium text-slate-900">{row.actor_name ?? auditText.system}</span>
                  <span className="text-slate-900">{kindText(row.kind)}</span>
                  {record && <span className="font-mono text-xs text-slate-600" title={row.record_id ?? undefined}>{record}</span>}
                  {detail && <span className="text-slate-600">{detail}</span>}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage}>
          {auditText.older}
        </Button>
      )}
      {period.data != null && <p className="text-sm text-slate-600">{auditText.kept(formatRetention(period.data))}</p>}
    </section>
  );
}
