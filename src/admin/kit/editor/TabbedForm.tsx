import { AlertTriangle, ArrowLeft, ArrowRight, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { TabsList, TabsTrigger } from '../ui/tabs';

/*
 * The parts of the admin's long forms (a post, a project) that EditorFrame puts together: the
 * heading with the way back to the list, the completeness bar, the tab list whose every tab says
 * whether its part is done, and the step buttons at the foot of each tab.
 */

export interface FormHeadingProps {
  /** The heading's id: the form and its section are labelled by it. */
  id: string;
  title: string;
  /** The way back, e.g. 'Назад към публикациите' (it asks first when something is unsaved). */
  backLabel: string;
  onBack: () => void;
  /** More buttons beside the way back, seen from every tab (the preview). */
  actions?: ReactNode;
}

export function FormHeading({ id, title, backLabel, onBack, actions }: FormHeadingProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      </div>
    </div>
  );
}

export interface CompletenessBarProps {
  /** Gives the bar its name, e.g. 'Попълненост на публикацията'. */
  label: string;
  labelId: string;
  /** 0–100. */
  percent: number;
}

/** How complete the record is, as a labelled progress bar (its width does not animate under reduced motion). */
export function CompletenessBar({ label, labelId, percent }: CompletenessBarProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span id={labelId}>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export interface FormTab {
  value: string;
  label: ReactNode;
  /** Whether this part of the form is complete (a check) or still wants something (a warning sign). */
  done: boolean;
}

/**
 * The form's parts as tabs ('Части на формата'), inside the form's Radix Tabs. With `announce`,
 * each tab's name also says '(попълнено)' or '(непопълнено)' to a screen reader.
 */
export function FormTabList({ tabs, announce = false }: { tabs: FormTab[]; announce?: boolean }) {
  return (
    <TabsList aria-label="Части на формата">
      {tabs.map((tab) => (
        <TabsTrigger key={tab.value} value={tab.value}>
          {tab.done ? (
            <CheckCircle2 aria-hidden="true" className="text-accent-700" />
          ) : (
            <AlertTriangle aria-hidden="true" className="text-amber-600" />
          )}
          {announce && <span className="sr-only">{tab.done ? '(попълнено)' : '(непопълнено)'}</span>}
          {tab.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

export interface StepButtonsProps {
  /** 'Назад' to the tab before (none on the first tab). */
  onBack?: () => void;
  /** The way on, e.g. 'Продължете към съдържание', and where it goes (none on the last tab). */
  next?: { label: string; onNext: () => void };
  /** Beside 'Назад' on the last tab: the post's save button. */
  end?: ReactNode;
}

/** The foot of a tab: 'Назад' on the left, the way on (or the last tab's own button) on the right. */
export function StepButtons({ onBack, next, end }: StepButtonsProps) {
  const layout = !onBack ? 'justify-end' : next ? 'justify-between gap-2' : end ? 'flex-wrap justify-between gap-2' : 'justify-start';
  return (
    <div className={`flex ${layout}`}>
      {onBack && (
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Назад
        </Button>
      )}
      {next && (
        <Button onClick={next.onNext}>
          {next.label}
          <ArrowRight aria-hidden="true" />
        </Button>
      )}
      {!next && end}
    </div>
  );
}
