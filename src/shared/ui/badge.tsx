import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-brand-600 text-white',
  secondary: 'bg-brand-50 text-brand-800',
  outline: 'border border-slate-300 text-slate-800',
  success: 'bg-accent-100 text-accent-700',
  destructive: 'bg-danger-50 text-danger-700',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)}
      {...props}
    />
  );
}
