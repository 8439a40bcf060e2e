import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '@/shared/ui/cn';

/*
 * Single-open accordion on Radix (the FAQ): one item open at a time, and the open item can be
 * collapsed again. Triggers are buttons inside headings, with aria-expanded/aria-controls.
 */

export interface AccordionProps
  extends Omit<ComponentPropsWithoutRef<typeof AccordionPrimitive.Root>, 'type' | 'collapsible' | 'value' | 'defaultValue' | 'onValueChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Accordion({ className, ...props }: AccordionProps) {
  return <AccordionPrimitive.Root type="single" collapsible className={cn('w-full', className)} {...props} />;
}

export function AccordionItem({ className, ...props }: ComponentPropsWithoutRef<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-slate-200', className)} {...props} />;
}

export interface AccordionTriggerProps extends ComponentPropsWithoutRef<typeof AccordionPrimitive.Trigger> {
  /** Heading level that wraps the trigger (default h3). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  children: ReactNode;
}

export function AccordionTrigger({ className, children, headingLevel = 'h3', ...props }: AccordionTriggerProps) {
  const Heading = headingLevel;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          className={cn(
            'flex flex-1 items-center justify-between gap-4 py-4 text-left text-base font-medium text-slate-900 ' +
              'transition-colors hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
              '[&[data-state=open]>svg]:rotate-180',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform duration-200" />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentPropsWithoutRef<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden text-slate-700 data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down"
      {...props}
    >
      <div className={cn('pb-4 leading-relaxed', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
