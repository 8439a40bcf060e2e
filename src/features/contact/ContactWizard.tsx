import { Building2, Code2, Dumbbell, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { SERVICE_LABELS } from '@/lib/chatWebhook';
import { cn } from '@/lib/cn';
import { loadDraft, removeDraft, saveDraft } from '@/lib/drafts';
import { callOrWrite } from '@/config/call-or-write';
import { InquiryLimitError, useSubmitInquiry } from './api';
import {
  canLeaveContactStep,
  canSendInquiry,
  CONTACT_DRAFT_KEY,
  CONTACT_METHODS,
  contactErrors,
  EMPTY_CONTACT_FORM,
  parseContactDraft,
  SERVICES,
  showsEmail,
  showsPhone,
  STEP_TITLES,
  toSubmission,
  type ContactDraft,
  type ContactFormState,
  type InquiryService,
  type WizardStep,
} from './form';

const SERVICE_CARDS: Record<InquiryService, { icon: LucideIcon; text: string }> = {
  real_estate: { icon: Building2, text: 'CRM, огледи и запитвания за агенции' },
  hospitality: { icon: UtensilsCrossed, text: 'QR менюта, резервации и AI асистенти' },
  fitness: { icon: Dumbbell, text: 'Членства и AI тренировъчни планове' },
  custom: { icon: Code2, text: 'Автоматизации и системи по мярка' },
};

const CONTACT_METHOD_CHOICES: Record<(typeof CONTACT_METHODS)[number], string> = {
  email: 'Имейл',
  phone: 'Телефон',
  both: 'И двете',
};

const isPristine = (form: ContactFormState, step: WizardStep) =>
  step === 1 && (Object.keys(EMPTY_CONTACT_FORM) as (keyof ContactFormState)[]).every((k) => form[k] === EMPTY_CONTACT_FORM[k]);

function restoreDraft(): ContactDraft | null {
  return parseContactDraft(loadDraft<unknown>(CONTACT_DRAFT_KEY));
}

export interface ContactWizardProps {
  /** Called after the inquiry was saved (the dialog closes). */
  onSuccess?: () => void;
}

/**
 * The three-step inquiry form (spec sections 4 and 5): service, contact details, message. Every
 * change is kept as a draft in localStorage and restored on load; the draft is removed only after
 * a successful save. A failed save keeps every value.
 */
export function ContactWizard({ onSuccess }: ContactWizardProps) {
  const [initial] = useState(restoreDraft);
  const [form, setForm] = useState<ContactFormState>(() => {
    if (!initial) return EMPTY_CONTACT_FORM;
    const { step: _step, ...rest } = initial;
    return rest;
  });
  const [step, setStep] = useState<WizardStep>(initial?.step ?? 1);
  const submit = useSubmitInquiry();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;

  // Save the draft on every change (nothing is stored for an untouched form).
  useEffect(() => {
    if (isPristine(form, step)) return;
    saveDraft<ContactDraft>(CONTACT_DRAFT_KEY, { ...form, step });
  }, [form, step]);

  // Tell keyboard and screen-reader users that the step changed: focus its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const update = <K extends keyof ContactFormState>(key: K, value: ContactFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const errors = contactErrors(form);
  const submitting = submit.isPending;

  const chooseService = (service: InquiryService) => {
    setForm((current) => ({ ...current, service }));
    setStep(2);
  };

  const onDetailsSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canLeaveContactStep(form)) setStep(3);
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (!canSendInquiry(form, submitting)) return;
    submit.mutate(toSubmission(form), {
      onSuccess: () => {
        removeDraft(CONTACT_DRAFT_KEY);
        toast({ title: 'Успешно!', description: 'Ще се свържем с вас скоро.' });
        setForm(EMPTY_CONTACT_FORM);
        setStep(1);
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
        toast({ title: 'Грешка', description: 'Нещо се обърка. Моля, опитайте отново.', variant: 'destructive' });
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

      {step === 1 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {SERVICES.map((service) => {
            const { icon: Icon, text } = SERVICE_CARDS[service];
            const chosen = form.service === service;
            return (
              <li key={service}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => chooseService(service)}
                  className={cn(
                    'flex h-full w-full flex-col items-start gap-2 rounded-xl border-2 p-4 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
                    chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50',
                  )}
                >
                  <Icon aria-hidden="true" className="size-6 text-brand-700" />
                  <span className="font-semibold text-slate-900">{SERVICE_LABELS[service]}</span>
                  <span className="text-sm text-slate-600">{text}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {step === 2 && (
        <form noValidate onSubmit={onDetailsSubmit} className="flex flex-col gap-4">
          <FormField id={fieldId('company')} label="Компания" required error={errors.company}>
            <Input
              id={fieldId('company')}
              value={form.company}
              onChange={(e) => update('company', e.target.value)}
              autoComplete="organization"
              required
              aria-invalid={!!errors.company || undefined}
              aria-describedby={errors.company ? errorId(fieldId('company')) : undefined}
            />
          </FormField>
          <FormField id={fieldId('name')} label="Име" required error={errors.name}>
            <Input
              id={fieldId('name')}
              value={form.name}
              onChange={(e) => update('name', e.target.value)}
              autoComplete="name"
              required
              aria-invalid={!!errors.name || undefined}
              aria-describedby={errors.name ? errorId(fieldId('name')) : undefined}
            />
          </FormField>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">Как предпочитате да се свържем с вас?</legend>
            <div className="flex flex-wrap gap-2">
              {CONTACT_METHODS.map((method) => (
                <label
                  key={method}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                    form.contactMethod === method ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800',
                  )}
                >
                  <input
                    type="radio"
                    name={fieldId('method')}
                    value={method}
                    checked={form.contactMethod === method}
                    onChange={() => update('contactMethod', method)}
                    className="size-4 accent-brand-600"
                  />
                  {CONTACT_METHOD_CHOICES[method]}
                </label>
              ))}
            </div>
          </fieldset>

          {showsEmail(form.contactMethod) && (
            <FormField id={fieldId('email')} label="Имейл" required error={errors.email}>
              <Input
                id={fieldId('email')}
                type="email"
                value={form.email}
                onChange={(e) => update('email', e.target.value)}
                autoComplete="email"
                inputMode="email"
                required
                aria-invalid={!!errors.email || undefined}
                aria-describedby={errors.email ? errorId(fieldId('email')) : undefined}
              />
            </FormField>
          )}
          {showsPhone(form.contactMethod) && (
            <FormField id={fieldId('phone')} label="Телефон" required error={errors.phone}>
              <PhoneInput
                id={fieldId('phone')}
                country={form.phoneCountry}
                onCountryChange={(code) => update('phoneCountry', code)}
                value={form.phone}
                onChange={(value) => update('phone', value)}
                required
                invalid={!!errors.phone}
                describedBy={errors.phone ? errorId(fieldId('phone')) : undefined}
              />
            </FormField>
          )}

          {!canLeaveContactStep(form) && (
            <p className="text-sm text-slate-600">Попълнете полетата, отбелязани със *, за да продължите.</p>
          )}
          <div className="flex justify-between gap-3 pt-1">
            <Button variant="outline" onClick={() => setStep(1)}>
              Назад
            </Button>
            <Button type="submit" disabled={!canLeaveContactStep(form)}>
              Напред
            </Button>
          </div>
        </form>
      )}

      {step === 3 && (
        <form noValidate onSubmit={onSend} className="flex flex-col gap-4">
          <FormField id={fieldId('message')} label="Съобщение" required>
            <Textarea
              id={fieldId('message')}
              value={form.message}
              onChange={(e) => update('message', e.target.value)}
              rows={5}
              required
              placeholder="С какво можем да ви помогнем?"
              style={{ minHeight: 120 }}
            />
          </FormField>
          <div className="flex justify-between gap-3 pt-1">
            <Button variant="outline" onClick={() => setStep(2)} disabled={submitting}>
              Назад
            </Button>
            <Button type="submit" disabled={!canSendInquiry(form, submitting)}>
              {submitting ? 'Изпращане...' : 'Изпрати'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
