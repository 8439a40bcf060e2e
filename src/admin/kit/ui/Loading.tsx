import type { ReactNode } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/ui/cn';

interface LoadingProps {
  /** What is loading, e.g. 'Зареждане на клиенти...'. */
  children: ReactNode;
  /** 'section' for a list or a tab (room around it), 'line' for a part of a card or a dialog. */
  size?: 'section' | 'line';
  className?: string;
}

/** What a part of the admin shows while its data loads: a spinner and the words, as a status. */
export function Loading({ children, size = 'section', className }: LoadingProps) {
  return (
    <p className={cn('flex items-center text-slate-700', size === 'section' ? 'gap-3 py-8' : 'gap-2 text-sm', className)} role="status">
      <Spinner size="sm" label="Зареждане" />
      {children}
    </p>
  );
}
