import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FirstTouchRefusedError } from '@/site/dialogs/first-touch';
import { useWatch, type Control } from 'react-hook-form';
import { FormField } from '@/shared/ui/form-field';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { loadDraft, removeDraft, saveDraft } from '@/site/runtime/drafts';
import { track } from '@/site/runtime/insights-bus';
import { useSchemaForm } from '@/shared/forms/forms';
import { callOrWrite } from '@/site/dialogs/call-or-write';
import { useBotTrap } from '@/site/dialogs/bot-trap';
import { StepButtons } from '@/site/dialogs/StepButtons';
import { PrivacyNoticeLink } from '@/site/ui/PrivacyNoticeLink';
import { InquiryLimitError, useSubmitInquiry } from './api';
import { DetailsStep } from './DetailsStep';
import {
  canLeaveContactStep,
  canSendInquiry,
  INQUIRY_DRAFT_KEY,
  inquirySchema,
  EMPTY_INQUIRY_FORM,
  parseInquiryDraft,
  STEP_TITLES,
  toSubmission,
  type InquiryDraft,
  type InquiryFormState,
  type InquiryService,
  type WizardStep,
} from './schema';
import { ServiceStep } from './ServiceStep';

function restoreDraft(): InquiryDraft | null {
  return parseInquiryDraft(loadDraft<unknown>(INQUIRY_DRAFT_KEY));
}

/** Step 3's buttons: 'Изпрати' is off while sending or while the message is empty. */
function SendButtons({ control, submitting, onBack }: { control: Control<InquiryFormState>; submitting: boolean; onBack: () => void }) {
  const message = useWatch({ control, name: 'message' });
  const disabled = !canSendInquiry({ ...EMPTY_INQUIRY_FORM, message }, submitting);
  return <StepButtons onBack={onBack} label="Изпрати" disabled={disabled} sending={submitting} />;
}

export interface InquiryWizardProps {
  /** Called after the inquiry was saved (the dialog closes). */
  onSuccess?: () => void;
}

/**
 * The three-step inquiry form: service, contact details, message. Every
 * change is kept as a draft (in memory for the open page, and in localStorage with the visitor's
 * consent: src/site/runtime/drafts.ts) and restored on load; the draft is removed only after a
 * successful save. A failed save keeps every value.
 */
export function InquiryWizard({ onSuccess }: InquiryWizardProps) {
  const [initial] = useState(restoreDraft);
  // This form checks each non-empty field live, as the visitor types, so it validates on every
  // change instead of the shared "once the field is left" timing. A restored draft is the
  // form's starting point.
  const form = useSchemaForm<InquiryFormState>(inquirySchema, {
    mode: 'onChange',
    defaultValues: initial ? withoutStep(initial) : EMPTY_INQUIRY_FORM,
  });
  const { control, register, setValue, getValues, reset, trigger } = form;
  // Only what decides this layout is watched here (the details step watches the contact method and
  // the phone's country itself); each field follows its own value and error.
  const service = useWatch({ control, name: 'service' });
  const [step, setStep] = useState<WizardStep>(initial?.step ?? 1);
  const stepRef = useRef(step);
  const submit = useSubmitInquiry();
  // the bot trap's clock starts when the visitor began the form, in an earlier visit for a draft
  const [startedAt] = useState(() => initial?.startedAt ?? Date.now());
  const trap = useBotTrap({ openedAt: startedAt });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;

  // The draft follows every change the form library reports (the visitor's edits, and the reset
  // after a save, which is then removed), written from the subscription rather than from renders:
  // an untouched form stores nothing, and a keystroke costs one small write.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) =>
          saveDraft<InquiryDraft>(INQUIRY_DRAFT_KEY, { ...(values as InquiryFormState), step: stepRef.current, startedAt }),
      }),
    [form, startedAt],
  );

  // A restored draft shows the errors of what it holds, as the fields did when it was written.
  useEffect(() => {
    if (initial) void trigger(['company', 'name', 'email', 'phone']);
  }, [initial, trigger]);

  // Each step reached is reported once while the wizard is open (docs/insights.md); reopened, it
  // stands where its draft left it, and that step counts again (the funnel counts visitors, not
  // events). Standing at step 3 has reached step 2 as well: no step counts more than the one before.
  const reached = useRef<WizardStep>(1);
  useEffect(() => {
    for (let next = reached.current + 1; next <= step; next++) track(next === 2 ? 'wizard_step_2' : 'wizard_step_3');
    if (step > reached.current) reached.current = step;
  }, [step]);

  // Tell keyboard and screen-reader users that the step changed: focus its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  /** Moves to `next` as the visitor asked; the draft remembers the step. */
  const goTo = (next: WizardStep) => {
    stepRef.current = next;
    setStep(next);
    saveDraft<InquiryDraft>(INQUIRY_DRAFT_KEY, { ...getValues(), step: next, startedAt });
  };

  const submitting = submit.isPending;

  const chooseService = (chosen: InquiryService) => {
    setValue('service', chosen, { shouldDirty: true });
    goTo(2);
  };

  // Not handleSubmit: a field the chosen method hides may hold an error and must not block (the
  // gate reads the shown fields only), and empty required fields disable the button, not a message.
  const onDetailsSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canLeaveContactStep(getValues())) goTo(3);
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const values = getValues();
    if (!canSendInquiry(values, submitting)) return;
    submit.mutate({ ...toSubmission(values), ...trap.values() }, {
      onSuccess: () => {
        toast({ title: 'Успешно!', description: 'Ще се свържем с вас скоро.' });
        track('inquiry_sent');
        reached.current = 1;
        stepRef.current = 1;
        reset(EMPTY_INQUIRY_FORM);
        setStep(1);
        // after the reset, which the draft subscription reports like any change
        removeDraft(INQUIRY_DRAFT_KEY);
        onSuccess?.();
      },
      onError: (error) => {
        if (error instanceof InquiryLimitError) {
          console.warn('[contact] refused by the intake limits', error.original);
          toast({
            title: 'Не можем да приемем запитването в момента',
            description: callOrWrite,
            variant: 'destructive',
          });
          return;
        }
        console.error('[contact] the inquiry could not be saved', error);
        const description = error instanceof FirstTouchRefusedError ? error.message : 'Нещо се обърка. Моля, опитайте отново.';
        toast({ title: 'Грешка', description, variant: 'destructive' });
      },
    });
  };

  const progress = ((step - 1) / 2) * 100;

  return (
    <div className="flex flex-col gap-5">
      <div>
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>Стъпка {step} от 3</span>
        </div>
        <div
          role="progressbar"
          aria-label="Напредък на запитването"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`Стъпка ${step} от 3`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${progress}%` }} />
        </div>
      </div>

      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {STEP_TITLES[step]}
      </h3>

      {step === 1 && <ServiceStep service={service} onChoose={chooseService} />}

      {step === 2 && (
        <DetailsStep form={form} fieldId={fieldId} onSubmit={onDetailsSubmit} onBack={() => goTo(1)} />
      )}

      {step === 3 && (
        <form noValidate onSubmit={onSend} className="relative flex flex-col gap-4">
          {trap.field}
          <FormField id={fieldId('message')} label="Съобщение" required>
            <Textarea
              id={fieldId('message')}
              {...register('message')}
              rows={5}
              required
              placeholder="С какво можем да ви помогнем?"
              style={{ minHeight: 120 }}
            />
          </FormField>
          <PrivacyNoticeLink className="text-right" />
          <SendButtons control={control} submitting={submitting} onBack={() => goTo(2)} />
        </form>
      )}
    </div>
  );
}

function withoutStep({ step: _step, startedAt: _startedAt, ...values }: InquiryDraft): InquiryFormState {
  return values;
}
