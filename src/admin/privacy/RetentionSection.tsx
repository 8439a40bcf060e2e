import { useEffect, useId, useState, type FormEvent } from 'react';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock-text';
import { Card } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { errorMessage } from '@/shared/db/errors';
import {
  formatRetention,
  RETENTION_KINDS,
  RETENTION_UNIT_DAYS,
  retentionProblem,
  splitRetention,
  unitWord,
  type RetentionKindInfo,
  type RetentionUnit,
} from '@/shared/domain/retention';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { useRetentionPeriods, useRetentionRuns, useSetRetentionPeriod, type RetentionRun } from './retention-api';

/*
 * 'Срокове за пазене' of the 'Поверителност' tab: each kind of personal data with what happens at
 * the end of its period and the period itself, which an administrator changes (a number and a
 * unit; the bounds of src/shared/domain/retention.ts, the same as the database's), and what the
 * database's daily job removed at its last run. The privacy notice prints the same periods.
 */

export const retentionText = {
  title: 'Срокове за пазене',
  intro:
    'Всеки ден базата данни изтрива или анонимизира данните, чийто срок е изтекъл. Политиката за поверителност показва същите срокове.',
  amount: 'Срок',
  unit: 'Мярка',
  save: 'Запази',
  saved: 'Срокът е запазен',
  saveFailed: 'Срокът не можа да бъде запазен.',
  counted: (from: string) => `Броено от ${from}.`,
  bounds: (min: string, max: string) => `Между ${min} и ${max}.`,
  loadFailed: 'Сроковете не можаха да бъдат заредени.',
  lastRun: 'Последно прилагане',
  lastRunAt: (at: string) => `Последно прилагане: ${at}`,
  neverRan: 'Задачата още не е прилагала сроковете.',
  runsFailed: 'Последното прилагане не можа да бъде заредено.',
  removed: (n: number) => `${n} ${n === 1 ? 'запис' : 'записа'}`,
  failed: 'Неуспешно: ще бъде опитано отново утре.',
} as const;

const UNITS: RetentionUnit[] = ['days', 'months', 'years'];

export function RetentionSection() {
  const periods = useRetentionPeriods();
  const byKind = new Map((periods.data ?? []).map((p) => [p.kind, p.days]));
  return (
    <section aria-labelledby="retention-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="retention-title" className="text-xl font-semibold text-slate-900">
          {retentionText.title}
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">{retentionText.intro}</p>
      </div>
      {periods.isError && <FormAlert title="Грешка">{retentionText.loadFailed}</FormAlert>}
      {periods.isPending ? (
        <Spinner label="Зареждане" />
      ) : (
        <ul aria-label={retentionText.title} className="grid gap-3">
          {RETENTION_KINDS.map((kind) => (
            <li key={kind.kind}>
              <PeriodCard kind={kind} days={byKind.get(kind.kind) ?? kind.defaultDays} />
            </li>
          ))}
        </ul>
      )}
      <LastRun />
    </section>
  );
}

function PeriodCard({ kind, days }: { kind: RetentionKindInfo; days: number }) {
  const save = useSetRetentionPeriod();
  const ids = { title: useId(), amount: useId(), unit: useId(), problem: useId() };
  const [amount, setAmount] = useState(() => String(splitRetention(days).amount));
  const [unit, setUnit] = useState<RetentionUnit>(() => splitRetention(days).unit);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const shown = splitRetention(days);
    setAmount(String(shown.amount));
    setUnit(shown.unit);
  }, [days]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount.trim());
    const total = amount.trim() === '' ? Number.NaN : value * RETENTION_UNIT_DAYS[unit];
    const invalid = retentionProblem(kind, total);
    setProblem(invalid);
    if (invalid) return;
    try {
      await save.mutateAsync({ kind: kind.kind, days: total });
      toast({ title: retentionText.saved, description: `${kind.label}: ${formatRetention(total)}.` });
    } catch (error) {
      setProblem(errorMessage(error, retentionText.saveFailed));
    }
  }

  return (
    <Card className="grid gap-3 p-4" aria-labelledby={ids.title} role="group">
      <div className="grid gap-1">
        <h3 id={ids.title} className="font-semibold text-slate-900">
          {kind.label}: {formatRetention(days)}
        </h3>
        <p className="text-sm text-slate-700">
          {retentionText.counted(kind.from)} {kind.end}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-busy={save.isPending}>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.amount}>{retentionText.amount}</Label>
          <Input
            id={ids.amount}
            type="number"
            inputMode="numeric"
            min={1}
            className="w-28"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.unit}>{retentionText.unit}</Label>
          <Select id={ids.unit} value={unit} onChange={(e) => setUnit(e.target.value as RetentionUnit)} className="w-32">
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {unitWord(u, Number(amount))}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending} aria-label={`${retentionText.save} ${kind.label}`}>
          {retentionText.save}
        </Button>
        <p className="w-full text-xs text-slate-600">{retentionText.bounds(formatRetention(kind.minDays), formatRetention(kind.maxDays))}</p>
        {problem && (
          <p id={ids.problem} role="alert" className="w-full text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </form>
    </Card>
  );
}

function LastRun() {
  const runs = useRetentionRuns();
  const { zone } = useConsultantZone();
  if (runs.isPending) return null;
  if (runs.isError) return <FormAlert title="Грешка">{retentionText.runsFailed}</FormAlert>;
  const rows = runs.data;
  return (
    <section aria-labelledby="retention-run-title" className="grid gap-2">
      <h3 id="retention-run-title" className="font-semibold text-slate-900">
        {retentionText.lastRun}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{retentionText.neverRan}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{retentionText.lastRunAt(formatWallClockBg(rows[0].ran_at, zone))}</p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            {RETENTION_KINDS.map((kind) => {
              const run = rows.find((r) => r.kind === kind.kind);
              return run ? <RunRow key={kind.kind} label={kind.label} run={run} /> : null;
            })}
          </dl>
        </>
      )}
    </section>
  );
}

function RunRow({ label, run }: { label: string; run: RetentionRun }) {
  return (
    <div className="contents">
      <dt className="text-slate-700">{label}</dt>
      <dd className={run.failed ? 'font-medium text-red-700' : 'text-slate-900'}>{run.failed ? retentionText.failed : retentionText.removed(run.removed ?? 0)}</dd>
    </div>
  );
}
