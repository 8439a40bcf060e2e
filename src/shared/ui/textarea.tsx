import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-[100px] py-2 leading-relaxed', className)} {...props} />;
}
