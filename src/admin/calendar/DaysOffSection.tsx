import { CalendarPlus, CalendarX2, Flag, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { errorId, hintId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { parseDayKey, todayIn } from '@/shared/domain/calendar';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { PagedList } from '@/admin/kit/lists/PagedList';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import {
  DAYS_OFF_PAGE_SIZE,
  useAddDayOff,
  useAddPublicHolidays,
  useDaysOffPage,
  useDeleteDayOff,
  type DayOffRow,
  type HolidaysAdded,
} from './days-off-api';
import { DAY_OFF_LABEL_MAX, dayOffInput, dayOffSchema, dayOffText, daysBetween, EMPTY_DAY_OFF, type DayOffFormValues } from './day-off-schema';

const longDay = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'четвъртък, 24 декември 2026 г.' of a 'YYYY-MM-DD' (the key itself when it is not a date). */
function dayText(key: string): string {
  const date = parseDayKey(key);
  return date ? longDay.format(date) : key;
}

/** How a day off is named: one day, or 'from … to … (N дни)'. */
function dayOffWhen(row: Pick<DayOffRow, 'starts_on' | 'ends_on'>): string {
  if (row.ends_on === row.starts_on) return dayText(row.starts_on);
  const days = daysBetween(row.starts_on, row.ends_on) + 1;
  return `от ${dayText(row.starts_on)} до ${dayText(row.ends_on)} (${days} дни)`;
}

/** 'Добавен е 1 празник' / 'Добавени са 12 празника'. */
function holidaysAddedText({ added, years }: HolidaysAdded): { title: string; description: string } {
  const span = years.join(' и ');
  if (added === 0) {
    return { title: 'Няма нови празници', description: `Всички официални празници за ${span} г. вече са сред почивните дни.` };
  }
  return {
    title: 'Официалните празници са добавени',
    description: added === 1 ? `Добавен е 1 празник за ${span} г.` : `Добавени са ${added} празника за ${span} г.`,
  };
}

/**
 * 'Почивни дни' of the 'Календар' tab: the days off from today on (a page at a time), a form that
 * adds one day or a range with an optional label, deleting one after a confirmation, and a button
 * that adds Bulgaria's official public holidays of this year and the next. Dates are the
 * calendar's own (`zone`): "today" is judged there, as the database and the booking dialog do.
 */
export function DaysOffSection({ zone }: { zone: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const today = todayIn(zone);
  const year = Number(today.slice(0, 4));
  const years = [year, year + 1];
  // the page is the section's own: the calendar tab's address belongs to its settings form
  const [page, setPage] = useState(0);
  const query = useDaysOffPage(today, page);
  const list = useMemo(() => ({ page, filtered: false, stepBack: setPage, goTo: setPage, clear: () => setPage(0) }), [page]);

  const schema = useMemo(() => dayOffSchema(today), [today]);
  const { register, handleSubmit, reset, formState } = useSchemaForm<DayOffFormValues>(schema, { defaultValues: EMPTY_DAY_OFF });
  useUnsavedChanges(formState.isDirty);
  const errors = {
    starts_on: formState.errors.starts_on?.message,
    ends_on: formState.errors.ends_on?.message,
    label: formState.errors.label?.message,
  };

  const add = useAddDayOff();
  const remove = useDeleteDayOff();
  const holidays = useAddPublicHolidays();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  function submit(values: DayOffFormValues) {
    add.mutate(dayOffInput(values), {
      onSuccess: () => {
        reset(EMPTY_DAY_OFF);
        toast({ title: dayOffText.added });
      },
      onError: (error) => {
        console.error('[admin] adding a day off failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, dayOffText.addFailed), variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
  }

  async function onDelete(row: DayOffRow) {
    const when = dayOffWhen(row);
    if (!(await confirm({ message: `Сигурни ли сте, че искате да изтриете почивния ден ${when}?` }))) return;
    setBusyId(row.id);
    remove.mutate(row.id, {
      onSuccess: () => toast({ title: dayOffText.deleted }),
      onError: (error) => {
        console.error('[admin] deleting a day off failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, dayOffText.deleteFailed), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId((current) => (current === row.id ? null : current)),
    });
  }

  function addHolidays() {
    holidays.mutate(years, {
      onSuccess: (result) => toast(holidaysAddedText(result)),
      onError: (error) => {
        console.error('[admin] adding the public holidays failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, dayOffText.holidaysFailed), variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
  }

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={id('heading')} className="text-xl font-semibold text-slate-900">
          Почивни дни
        </h2>
        <p className="text-sm text-slate-700">
          В тези дни посетителите не могат да запазят консултация. Датите са по часовата зона на календара ({zone}).
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="grid content-start gap-4">
          <PagedList list={list} query={query} text={DAYS_OFF_LIST_TEXT} pageSize={DAYS_OFF_PAGE_SIZE}>
            {(rows, busy) => (
              <DaysOffRows rows={rows} busy={busy} busyId={busyId} onDelete={(row) => void onDelete(row)} labelledBy={id('heading')} />
            )}
          </PagedList>
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardContent className="pt-6">
              <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-labelledby={id('add-heading')} aria-busy={add.isPending}>
                <h3 id={id('add-heading')} className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
                  <CalendarPlus aria-hidden="true" className="size-4" />
                  Нов почивен ден
                </h3>
                <div className="grid gap-1.5">
                  <Label htmlFor={id('starts_on')} required>
                    Първи ден
                  </Label>
                  <Input id={id('starts_on')} type="date" min={today} required {...register('starts_on', { deps: ['ends_on'] })} {...fieldAria(id('starts_on'), errors.starts_on)} />
                  {errors.starts_on && (
                    <p id={errorId(id('starts_on'))} className="text-sm text-danger-700">
                      {errors.starts_on}
                    </p>
                  )}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={id('ends_on')}>Последен ден (по избор)</Label>
                  <Input id={id('ends_on')} type="date" min={today} {...register('ends_on')} {...fieldAria(id('ends_on'), errors.ends_on, true)} />
                  <p id={hintId(id('ends_on'))} className="text-xs text-slate-600">
                    Оставете празно за един ден.
                  </p>
                  {errors.ends_on && (
                    <p id={errorId(id('ends_on'))} className="text-sm text-danger-700">
                      {errors.ends_on}
                    </p>
                  )}
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={id('label')}>Описание (по избор)</Label>
                  <Input
                    id={id('label')}
                    maxLength={DAY_OFF_LABEL_MAX}
                    placeholder="напр. Отпуск"
                    {...register('label')}
                    {...fieldAria(id('label'), errors.label)}
                  />
                  {errors.label && (
                    <p id={errorId(id('label'))} className="text-sm text-danger-700">
                      {errors.label}
                    </p>
                  )}
                </div>
                <div className="flex justify-end">
                  <Button type="submit" disabled={add.isPending}>
                    {add.isPending ? 'Добавяне...' : 'Добави почивен ден'}
                  </Button>
                </div>
              </form>
            </CardContent>
          </Card>
          <Card className="grid gap-3 p-5">
            <h3 className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
              <Flag aria-hidden="true" className="size-4" />
              Официални празници
            </h3>
            <p id={id('holidays-hint')} className="text-xs text-slate-600">
              Добавя официалните празници на България за {years.join(' и ')} г. Вече добавените се пропускат.
            </p>
            <Button variant="outline" onClick={addHolidays} disabled={holidays.isPending} aria-describedby={id('holidays-hint')}>
              {holidays.isPending ? 'Добавяне на празниците...' : `Добави празниците за ${years.join(' и ')} г.`}
            </Button>
          </Card>
        </div>
      </div>
      {dialog}
    </section>
  );
}

const DAYS_OFF_LIST_TEXT = {
  loading: dayOffText.loading,
  loadFailed: dayOffText.loadFailed,
  empty: (
    <span className="inline-flex items-center gap-2">
      <CalendarX2 aria-hidden="true" className="size-4" />
      {dayOffText.empty}
    </span>
  ),
  pages: 'Страници на почивните дни',
  count: 'Предстоящи почивни дни',
};

interface DaysOffRowsProps {
  rows: DayOffRow[];
  busy: boolean;
  busyId: string | null;
  onDelete: (row: DayOffRow) => void;
  labelledBy: string;
}

function DaysOffRows({ rows, busy, busyId, onDelete, labelledBy }: DaysOffRowsProps) {
  return (
        <ul aria-labelledby={labelledBy} aria-busy={busy} className="grid gap-2">
          {rows.map((row) => {
            const when = dayOffWhen(row);
            return (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
                <div className="grid gap-0.5">
                  <p className="font-medium text-slate-900">{when}</p>
                  {row.label && <p className="text-sm text-slate-700">{row.label}</p>}
                </div>
                <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={() => onDelete(row)} disabled={busyId === row.id}>
                  <Trash2 aria-hidden="true" />
                  Изтрий <span className="sr-only">почивния ден {when}</span>
                </Button>
              </li>
            );
          })}
        </ul>
  );
}
