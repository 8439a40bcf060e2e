import { Loading } from '../ui/Loading';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { codeOf, errorMessage } from '@/shared/db/errors';
import { ErrorCard } from '../ui/ErrorCard';
import { RecordNotFoundError } from '../data/list';

/**
 * Whether a by-id read failed because no such record can be there: none was found, or the id in
 * the address is not even of the id's type (PostgreSQL's invalid_text_representation, 22P02), as
 * a mistyped or cut-off link gives. Trying again would not change either.
 */
function isMissing(error: unknown): boolean {
  return error instanceof RecordNotFoundError || codeOf(error) === '22P02';
}

export interface RecordLoaderProps<T> {
  /** The by-id read of the record to edit. */
  query: UseQueryResult<T>;
  /** The form's own title, e.g. 'Редактиране на публикация'. */
  title: string;
  /** 'Зареждане на публикацията...' */
  loading: string;
  /** 'Неуспешно зареждане на публикацията.' (the reason follows). */
  loadFailed: string;
  /** Back to the list, e.g. 'Назад към публикациите'. */
  backLabel: string;
  onBack: () => void;
  /** The form, given the complete record once it has loaded. */
  children: (record: T) => ReactNode;
}

/**
 * The edit view of a list: the form gets the one record it edits, read by id with every column
 * it needs (lists read only what their cards show). Until then a loading state, on failure the
 * reason with a retry (or, for a record that is not there, only the reason), and always a way back
 * to the list. The id comes from the address, so a refresh or a shared link opens the same form.
 */
export function RecordLoader<T>({ query, title, loading, loadFailed, backLabel, onBack, children }: RecordLoaderProps<T>) {
  const uid = useId();
  if (query.isSuccess) return children(query.data);
  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${uid}-heading`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      </div>
      {query.isError && isMissing(query.error) ? (
        <ErrorCard message={`${loadFailed} ${new RecordNotFoundError().message}`} />
      ) : query.isError ? (
        <ErrorCard message={`${loadFailed} ${errorMessage(query.error, '')}`.trim()} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Loading>{loading}</Loading>
      )}
    </section>
  );
}
