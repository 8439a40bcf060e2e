import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { addDays, dayKey, monthWeeks } from '@/shared/domain/calendar';

const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд'];
const WEEKDAY_LONG = ['Понеделник', 'Вторник', 'Сряда', 'Четвъртък', 'Петък', 'Събота', 'Неделя'];

const monthFormat = new Intl.DateTimeFormat('bg-BG', { month: 'long', year: 'numeric' });
/** 'Декември 2026 г.': the month with a capital letter, the rest as the locale writes it. */
function monthTitle(date: Date): string {
  const text = monthFormat.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
const dayLabel = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export interface MonthCalendarProps {
  /** First day of the shown month. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** 'YYYY-MM-DD' of the chosen day, or ''. */
  selected: string;
  onSelect: (day: Date) => void;
  isSelectable: (day: Date) => boolean;
  /** Why a day cannot be chosen ('почивен ден'), announced with its name; nothing for a choosable day. */
  unavailableReason?: (day: Date) => string | undefined;
  /** The earliest month that may be shown (the current one). */
  minMonth: Date;
  /** The latest month that may be shown (the booking horizon's); no limit when missing. */
  maxMonth?: Date;
}

const sameMonth = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

/**
 * A month grid of day buttons, Monday first. Days that cannot be chosen are disabled and say why
 * in their name ('…, недостъпен: почивен ден'); the arrow keys move between the days that can
 * (left/right a day, up/down a week), and one day is in the tab order (the chosen one, else the
 * first choosable). The month buttons stop at `minMonth` and `maxMonth`.
 */
export function MonthCalendar({ month, onMonthChange, selected, onSelect, isSelectable, unavailableReason, minMonth, maxMonth }: MonthCalendarProps) {
  const gridRef = useRef<HTMLTableElement>(null);
  const weeks = monthWeeks(month.getFullYear(), month.getMonth());
  const days = weeks.flat().filter((d): d is Date => d !== null);
  const selectable = days.filter(isSelectable);
  const tabStop = selectable.find((d) => dayKey(d) === selected) ?? selectable[0];
  const atMin = sameMonth(month, minMonth) || month.getTime() < minMonth.getTime();
  const atMax = !!maxMonth && (sameMonth(month, maxMonth) || month.getTime() > maxMonth.getTime());

  const shift = (months: number) => onMonthChange(new Date(month.getFullYear(), month.getMonth() + months, 1));

  const focusDay = (day: Date) =>
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${dayKey(day)}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!step) return;
    event.preventDefault();
    // the next choosable day in that direction within this month
    for (let next = addDays(day, step); next.getMonth() === month.getMonth(); next = addDays(next, step)) {
      if (isSelectable(next)) {
        focusDay(next);
        return;
      }
    }
  };

  return (
    <div>
      <div className="flex items-center justify-between">
        <Button variant="ghost" size="icon" aria-label="Предишен месец" disabled={atMin} onClick={() => shift(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" className="font-semibold text-slate-900">
          {monthTitle(month)}
        </p>
        <Button variant="ghost" size="icon" aria-label="Следващ месец" disabled={atMax} onClick={() => shift(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table ref={gridRef} className="mt-2 w-full table-fixed border-collapse text-center" aria-label={monthTitle(month)}>
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((short, i) => (
              <th key={short} scope="col" className="pb-1 text-xs font-medium text-slate-600">
                <abbr title={WEEKDAY_LONG[i]} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (!day) return <td key={i} />;
                const key = dayKey(day);
                const enabled = isSelectable(day);
                const chosen = key === selected;
                const reason = enabled ? undefined : unavailableReason?.(day);
                const name = enabled ? dayLabel.format(day) : `${dayLabel.format(day)}, недостъпен${reason ? `: ${reason}` : ''}`;
                return (
                  <td key={key} className="p-0.5">
                    <button
                      type="button"
                      data-day={key}
                      aria-label={name}
                      aria-pressed={chosen}
                      disabled={!enabled}
                      tabIndex={tabStop && dayKey(tabStop) === key ? 0 : -1}
                      onClick={() => onSelect(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={cn(
                        'mx-auto flex size-10 items-center justify-center rounded-full text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                        chosen
                          ? 'bg-brand-600 font-semibold text-white'
                          : enabled
                            ? 'font-medium text-slate-900 hover:bg-brand-50'
                            : 'cursor-not-allowed text-slate-400 line-through decoration-slate-300',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
