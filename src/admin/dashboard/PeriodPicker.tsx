import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { errorId, fieldAria } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { cn } from '@/shared/ui/cn';
import { formatMonth } from './format';
import { customRangeProblem, recentMonths, type PeriodKind, type RangeField } from './period';
import type { Period } from './use-period';

const KINDS: { kind: PeriodKind; name: string }[] = [
  { kind: 'today', name: 'Днес' },
  { kind: '7d', name: '7 дни' },
  { kind: '30d', name: '30 дни' },
  { kind: 'month', name: 'Месец' },
  { kind: 'custom', name: 'Период' },
];

/**
 * 'Период за показване': today, the last 7 or 30 days (today included), a calendar month picked
 * from the last 24, or the admin's own days ('От', 'До', shown with 'Покажи' once they make sense).
 * Native radios: the arrow keys move between them, a screen reader says which is chosen. A fixed
 * length or a month shows at once; the custom days wait for 'Покажи'.
 */
export function PeriodPicker({ period }: { period: Period }) {
  const { choice, range, today, choose } = period;
  const uid = useId();
  const months = recentMonths(today);
  // What the controls show is set at the press: the address follows in a transition of the
  // router, and a controlled radio or select would spring back to the old choice meanwhile. A
  // change of the address from elsewhere (Back, a shared link) is shown as it comes.
  const [shown, setShown] = useState({ kind: choice.kind, month: choice.kind === 'month' ? choice.month : months[0] });
  const address = choice.kind === 'month' ? `month:${choice.month}` : choice.kind;
  const [seen, setSeen] = useState(address);
  if (address !== seen) {
    setSeen(address);
    setShown({ kind: choice.kind, month: choice.kind === 'month' ? choice.month : shown.month });
  }
  const mode = shown.kind;
  const month = shown.month;
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<{ field: RangeField; message: string } | null>(null);

  const pick = (kind: PeriodKind) => {
    setShown({ kind, month });
    setProblem(null);
    if (kind === 'today' || kind === '7d' || kind === '30d') choose({ kind });
    else if (kind === 'month') choose({ kind, month });
    else {
      // the custom days' form opens, before anything is shown for them
      setFrom(range.from);
      setTo(range.to);
    }
  };

  const pickMonth = (next: string) => {
    setShown({ kind: 'month', month: next });
    choose({ kind: 'month', month: next });
  };

  const show = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to, today);
    setProblem(found);
    if (!found) choose({ kind: 'custom', from, to });
    else document.getElementById(`${uid}-${found.field}`)?.focus();
  };

  const fieldError = (field: RangeField) => (problem?.field === field ? problem.message : undefined);

  return (
    <div className="grid gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-900">Период за показване</legend>
        <div className="flex flex-wrap gap-2">
          {KINDS.map(({ kind, name }) => (
            <label
              key={kind}
              className={cn(
                'relative inline-flex h-9 cursor-pointer items-center rounded-md border px-3 text-sm font-medium',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
                mode === kind ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
              )}
            >
              {/* the radio itself covers its label, unseen: a press anywhere on it is a press on the radio */}
              <input
                type="radio"
                name={`${uid}-kind`}
                value={kind}
                checked={mode === kind}
                onChange={() => pick(kind)}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'month' && (
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor={`${uid}-month`}>Месец</Label>
          <Select id={`${uid}-month`} value={month} onChange={(event) => pickMonth(event.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </Select>
        </div>
      )}

      {mode === 'custom' && (
        <form onSubmit={show} noValidate aria-label="Собствен период" className="flex flex-wrap items-start gap-3">
          {(['from', 'to'] as const).map((field) => {
            const id = `${uid}-${field}`;
            const error = fieldError(field);
            return (
              <div key={field} className="grid gap-1.5">
                <Label htmlFor={id}>{field === 'from' ? 'От' : 'До'}</Label>
                <Input
                  id={id}
                  type="date"
                  max={today}
                  value={field === 'from' ? from : to}
                  onChange={(event) => (field === 'from' ? setFrom : setTo)(event.target.value)}
                  className="w-44"
                  {...fieldAria(id, error)}
                />
                {error && (
                  <p id={errorId(id)} className="max-w-56 text-sm text-danger-700">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <Button type="submit" className="mt-7">
            Покажи
          </Button>
        </form>
      )}
    </div>
  );
}
