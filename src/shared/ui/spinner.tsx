import { cn } from './cn';

export interface SpinnerProps {
  /** Accessible name; defaults to 'Зареждане'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' };

/** A loading indicator announced politely to screen readers (role=status). */
export function Spinner({ label = 'Зареждане', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-brand-200 border-t-brand-600', sizes[size])}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for route and page loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner size="lg" label={label} />
    </div>
  );
}
