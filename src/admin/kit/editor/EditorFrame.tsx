import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from '../ui/FormAlert';
import { RevisionsPanel, type RevisionsPanelProps } from './revisions/RevisionsPanel';
import { Tabs, TabsContent } from '../ui/tabs';
import type { GuardedSave } from '../saving/use-guarded-save';
import { CompletenessBar, FormHeading, FormTabList, StepButtons } from './TabbedForm';

/*
 * The frame of the admin's long editors (a post, a project). The editor keeps its form, its rules
 * and one component per tab; the frame lays out what they share, top to bottom:
 *   the heading with the preview and the way back; the completeness bar; the editor's notices
 *   (a draft offer, warnings); the save error with its retry; the form with its tab list, each tab
 *   ended by its step buttons ('Назад', 'Продължете към …'); what the stored record can do
 *   beyond editing (a post's newsletter); the version history of a stored record; the conflict
 *   dialog of a save that met someone else's.
 */

export interface EditorTab<T extends string> {
  value: T;
  label: string;
  /** Whether this part of the form is complete (the tab shows a check, else a warning sign). */
  done: boolean;
  /** The step button to the next tab, e.g. 'Продължете към съдържание'; none on the last tab. */
  next?: string;
  content: ReactNode;
}

/** What the frame shows of the editor's save (useGuardedSave). */
export type FrameSave = Pick<GuardedSave<unknown, unknown>, 'saveError' | 'retry' | 'isPending' | 'conflictDialog'>;

export interface EditorFrameProps<T extends string> {
  /** The editor's ids (useEditor): id('heading') names the section and the form. */
  id: (name: string) => string;
  /** 'Нова публикация', 'Редактиране на проект' … */
  title: string;
  /** The way back, e.g. 'Назад към публикациите'. */
  backLabel: string;
  onBack: () => void;
  /** 'Преглед', beside the way back and seen from every tab. */
  preview: ReactNode;
  /** The completeness bar's name ('Попълненост на публикацията') and its percent. */
  completeness: { label: string; percent: number };
  /** Above the save error: a draft offer, the warnings about what is missing. */
  notices?: ReactNode;
  save: FrameSave;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  tab: T;
  onTab: (tab: T) => void;
  tabs: readonly EditorTab<T>[];
  /** Each tab's name also says '(попълнено)' or '(непопълнено)' to a screen reader. */
  announce?: boolean;
  /**
   * Every panel stays mounted, the inactive ones hidden (an upload on a tab the admin left still
   * finishes and reports to the form); otherwise only the open tab is mounted.
   */
  keepMounted?: boolean;
  /** Beside 'Назад' on the last tab (the post's save button). */
  lastStep?: ReactNode;
  /** Inside the form, after the tabs (the project's 'Отказ' and save button). */
  footer?: ReactNode;
  /** 'История на версиите' under the form, for a stored record; null for a new one. */
  revisions: RevisionsPanelProps | null;
  /** Below the form, before the version history: what the stored record can do (a post's newsletter). */
  after?: ReactNode;
}

export function EditorFrame<T extends string>(props: EditorFrameProps<T>) {
  const { id, save, tab, onTab, tabs, keepMounted = false } = props;

  // a kept panel is hidden while another tab shows; otherwise Radix mounts the open one only
  const panel = (value: T) =>
    keepMounted
      ? { value, forceMount: true as const, hidden: tab !== value, className: 'grid gap-5 data-[state=inactive]:hidden' }
      : { value, className: 'grid gap-5' };

  return (
    <section aria-labelledby={id('heading')} className="grid gap-6">
      <FormHeading id={id('heading')} title={props.title} backLabel={props.backLabel} onBack={props.onBack} actions={props.preview} />

      <CompletenessBar label={props.completeness.label} labelId={id('progress-label')} percent={props.completeness.percent} />

      {props.notices}
      {save.saveError && (
        <FormAlert title="Грешка" onRetry={save.retry} retrying={save.isPending}>
          {save.saveError}
        </FormAlert>
      )}

      <form noValidate onSubmit={props.onSubmit} aria-labelledby={id('heading')} aria-busy={save.isPending} className={props.formClassName}>
        <Tabs value={tab} onValueChange={(value) => onTab(value as T)}>
          <FormTabList announce={props.announce} tabs={tabs.map(({ value, label, done }) => ({ value, label, done }))} />

          {tabs.map((each, index) => {
            const before = tabs[index - 1];
            const after = tabs[index + 1];
            return (
              <TabsContent key={each.value} {...panel(each.value)}>
                {each.content}
                <StepButtons
                  onBack={before && (() => onTab(before.value))}
                  next={after && each.next ? { label: each.next, onNext: () => onTab(after.value) } : undefined}
                  end={after ? undefined : props.lastStep}
                />
              </TabsContent>
            );
          })}
        </Tabs>

        {props.footer}
      </form>
      {props.after}
      {props.revisions && <RevisionsPanel {...props.revisions} />}
      {save.conflictDialog}
    </section>
  );
}
