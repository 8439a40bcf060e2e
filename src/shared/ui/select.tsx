import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** The browser's own select (keyboard and screen readers for free) with the text fields' look. */
export function Select({ className, ...props }: SelectProps) {
  return <select className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />;
}
