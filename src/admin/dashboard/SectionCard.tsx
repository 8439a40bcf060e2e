import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Card } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { isPermissionError } from '@/shared/db/errors';
import { cn } from '@/shared/ui/cn';

/** Why a section has no figures, in Bulgarian (the database's own message is English and technical). */
export function loadProblem(error: unknown): string {
  return isPermissionError(error)
    ? 'Таблото е само за администратори, влезли с двуфакторна защита.'
    : 'Данните не можаха да се заредят. Проверете връзката и опитайте отново.';
}

interface SectionCardProps<T> {
  title: string;
  /** Under the title: what the figures mean. */
  description?: ReactNode;
  query: UseQueryResult<T>;
  /** What it says while its figures load, e.g. 'Зареждане на посещенията…'. */
  loading: string;
  children: (data: T) => ReactNode;
  className?: string;
}

/**
 * A section of the dashboard: its heading and one request's figures, with the loading and error
 * states every section has. While another period's figures load, the last ones stay (dimmed and
 * marked busy) rather than flashing a spinner.
 */
export function SectionCard<T>({ title, description, query, loading, children, className }: SectionCardProps<T>) {
  const titleId = useId();
  const refreshing = query.isPlaceholderData && query.isFetching;
  return (
    <Card className={cn('grid content-start gap-3 p-4 sm:p-5', className)}>
      <section aria-labelledby={titleId} aria-busy={refreshing || query.isPending} className="grid gap-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h3>
          {description && <div className="text-sm text-slate-600">{description}</div>}
        </div>
        {query.isPending ? (
          <Loading size="line">{loading}</Loading>
        ) : query.isError && !query.data ? (
          <FormAlert title="Грешка при зареждане" onRetry={() => void query.refetch()} retrying={query.isFetching}>
            {loadProblem(query.error)}
          </FormAlert>
        ) : query.data !== undefined ? (
          <div className={cn('grid gap-3', refreshing && 'opacity-60')}>
            {query.isError && (
              <FormAlert title="Грешка при зареждане" onRetry={() => void query.refetch()} retrying={query.isFetching}>
                {loadProblem(query.error)}
              </FormAlert>
            )}
            {children(query.data)}
          </div>
        ) : null}
      </section>
    </Card>
  );
}
