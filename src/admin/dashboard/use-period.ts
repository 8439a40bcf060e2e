import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { previousRange, rangeOf, readPeriod, todayIn, writePeriod, type DayRange, type PeriodChoice } from './period';

export interface Period {
  choice: PeriodChoice;
  range: DayRange;
  previous: DayRange;
  today: string;
  choose: (next: PeriodChoice) => void;
}

/**
 * The period the dashboard shows, kept in the panel's query string; a new choice replaces the
 * address (the tab is the history entry, not each period looked at). Today is Sofia's.
 */
export function usePeriod(): Period {
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const choice = useMemo(() => readPeriod(params, today), [params, today]);
  const range = useMemo(() => rangeOf(choice, today), [choice, today]);
  const previous = useMemo(() => previousRange(range), [range]);
  const choose = useCallback((next: PeriodChoice) => setParams((current) => writePeriod(current, next), { replace: true }), [setParams]);
  return { choice, range, previous, today, choose };
}
