import { CalendarDays, UserRound } from 'lucide-react';
import { FirstTouchRefusedError } from '@/site/dialogs/first-touch';
import { useEffect, useId, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { PhoneInput } from '@/site/dialogs/PhoneInput';
import { StepButtons } from '@/site/dialogs/StepButtons';
import { PrivacyNoticeLink } from '@/site/ui/PrivacyNoticeLink';
import { Picture } from '@/shared/ui/picture';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria } from '@/shared/forms/forms';
import { useBotTrap } from '@/site/dialogs/bot-trap';
import { track } from '@/site/runtime/insights-bus';
import { BookingRefusedError, SlotTakenError, useBook } from './api';
import type { BookingState } from './booking-state';
import { refusalToasts } from './refusal-toasts';
import { canContinueBooking, canSubmitBooking, NO_SLOT, toBookingRow, type BookingDetails, type BookingSlot } from './schema';
import { SlotPicker, useSlotCalendar } from './SlotPicker';
import { dayKey, daySlots, slotLabel, zoneName } from '@/shared/domain/calendar';

const longDate = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export interface BookingWizardProps {
  state: BookingState;
  /** Called after the appointment was saved (the dialog closes). */
  onSuccess?: () => void;
}

/**
 * The two-step booking flow: a calendar with the free times of the chosen
 * day, then the contact details. Times are shown in the visitor's time zone and stored as the ISO
 * instant. Only the booking window is offered: from now plus the minimum notice to the horizon's
 * last day, never a day off, never a slot already booked; a closed calendar offers the phone and
 * e-mail instead, and so does a calendar that waits for the consultant's own to be read again.
 * Whatever the database refuses meanwhile (a slot taken, a day that became a day off, a closed or
 * paused calendar, the intake limits) is explained, and what the visitor typed is kept.
 */
export function BookingWizard({ state, onSuccess }: BookingWizardProps) {
  const { form, slot, setSlot, step, setStep, month, setMonth, refused, setRefused, reset } = state;
  const calendar = useSlotCalendar({ day: slot.preferred_date, month, excluded: refused });
  const { settingsQuery, pausedQuery, daysOffQuery, taken, settings, closed, paused, zone, viewerZone, loading, chosenDay, slots } = calendar;
  const book = useBook();
  const trap = useBotTrap();

  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  // While the details are typed the chosen time stays chosen, even if it slips under the notice
  // meanwhile: the database then refuses it and the visitor is told, rather than the button
  // silently turning off.
  const kept = step === 2 && chosenDay ? daySlots(slot.preferred_date, settings).find((s) => s.time === slot.preferred_time) : undefined;
  const time = slots.some((s) => s.time === slot.preferred_time) || kept ? slot.preferred_time : '';
  const chosen: BookingSlot = { preferred_date: slot.preferred_date, preferred_time: time };
  const { register, control, handleSubmit, formState } = form;
  const errors = { email: formState.errors.email?.message, phone: formState.errors.phone?.message };
  const details = form.watch();
  const submitting = book.isPending;

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const chooseTime = (preferred_time: string) => setSlot((current) => ({ ...current, preferred_time }));
  const chooseDay = (day: Date) => setSlot({ preferred_date: dayKey(day), preferred_time: '' });
  // what the visitor picks is reported (docs/insights.md); the flow's own resets are not
  const pickDay = (day: Date) => {
    chooseDay(day);
    track('booking_day');
  };
  const pickTime = (preferred_time: string) => {
    chooseTime(preferred_time);
    track('booking_time');
  };

  const onSubmit = (values: BookingDetails) => {
    if (!canSubmitBooking(values, chosen, submitting)) return;
    const row = toBookingRow(values, chosen, zone);
    book.mutate({ ...row, ...trap.values() }, {
      onSuccess: () => {
        toast({ title: 'Успешно!', description: 'Вашата резервация е изпратена. Ще се свържем с вас скоро.' });
        track('booking_made');
        reset();
        onSuccess?.();
      },
      onError: (error) => {
        if (error instanceof BookingRefusedError) {
          console.warn(`[booking] refused by the database (${error.hint || error.kind})`, error.original);
          toast({ ...refusalToasts[error.kind], variant: 'destructive' });
          switch (error.kind) {
            case 'closed':
              // the details stay on screen; going back shows the phone and e-mail instead of the calendar
              void settingsQuery.refetch();
              break;
            case 'paused':
              // the pause began meanwhile: the details stay on screen; going back says why there are no times
              void pausedQuery.refetch();
              break;
            case 'day_off':
            case 'too_far':
              // the day itself is gone: the calendar, read again, no longer offers it
              void settingsQuery.refetch();
              void daysOffQuery.refetch();
              setSlot(NO_SLOT);
              setStep(1);
              break;
            case 'too_soon':
            case 'slot':
              void settingsQuery.refetch();
              void taken.refetch();
              chooseTime('');
              setStep(1);
              break;
            default:
              // the intake limits: nothing to choose again, the details stay on screen
              break;
          }
          return;
        }
        if (error instanceof SlotTakenError) {
          console.warn('[booking] the slot was taken before this booking reached the database', error.original);
          setRefused((list) => [...list, new Date(row.preferred_date).getTime()]);
          chooseTime('');
          setStep(1);
          toast({
            title: 'Този час вече е зает',
            description: 'Някой току-що запази избрания от вас час. Моля, изберете друг свободен час. Данните ви са запазени.',
            variant: 'destructive',
          });
          return;
        }
        console.error('[booking] the appointment could not be saved', error);
        const description = error instanceof FirstTouchRefusedError ? error.message : 'Нещо се обърка. Моля, опитайте отново.';
        toast({ title: 'Грешка', description, variant: 'destructive' });
      },
    });
  };

  if (step === 1) {
    return (
      <div className="flex flex-col gap-5">
        <h3 ref={stepHeading} tabIndex={-1} className="sr-only">
          Стъпка 1 от 2: изберете дата и час
        </h3>
        {settings && (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
            {settings.photo_url ? (
              <Picture src={settings.photo_url} alt={settings.photo_alt?.trim() ?? ''} sizes="48px" width={48} height={48} eager className="size-12 rounded-full bg-white object-cover" />
            ) : (
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <UserRound aria-hidden="true" className="size-6" />
              </span>
            )}
            <div>
              <p className="text-sm text-slate-600">Консултацията ще проведе</p>
              <p className="font-semibold text-slate-900">{settings.consultant_name}</p>
            </div>
          </div>
        )}

        <SlotPicker calendar={calendar} time={time} onSelectDay={pickDay} onSelectTime={pickTime} onMonthChange={setMonth} />

        {!loading && !closed && !paused && chosenDay && canContinueBooking(chosen) && (
          <div className="flex justify-end">
            <Button onClick={() => setStep(2)}>Продължи</Button>
          </div>
        )}
      </div>
    );
  }

  const chosenSlot = slots.find((slot) => slot.time === time) ?? kept;
  const when = chosenDay && chosenSlot ? `${longDate.format(chosenDay)}, ${slotLabel(chosenSlot, zone, viewerZone)} ч. (${zoneName(zone)})` : '';
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative flex flex-col gap-4">
      {trap.field}
      <h3 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Вашите данни
      </h3>
      <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <span>
          Избран час: <strong>{when}</strong>
        </span>
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Име" required>
          <Input id={fieldId('name')} {...register('name')} autoComplete="name" required />
        </FormField>
        <FormField id={fieldId('email')} label="Имейл" required error={errors.email}>
          <Input
            id={fieldId('email')}
            type="email"
            inputMode="email"
            {...register('email')}
            autoComplete="email"
            required
            {...fieldAria(fieldId('email'), errors.email)}
          />
        </FormField>
        <FormField id={fieldId('company')} label="Компания">
          <Input id={fieldId('company')} {...register('company')} autoComplete="organization" />
        </FormField>
        <FormField id={fieldId('phone')} label="Телефон" error={errors.phone}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id={fieldId('phone')}
                country={details.phoneCountry}
                onCountryChange={(code) => form.setValue('phoneCountry', code)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!errors.phone}
                describedBy={fieldAria(fieldId('phone'), errors.phone)['aria-describedby']}
              />
            )}
          />
        </FormField>
      </div>
      <FormField id={fieldId('message')} label="Съобщение">
        <Textarea
          id={fieldId('message')}
          {...register('message')}
          rows={4}
          placeholder="Какво искате да обсъдим?"
          style={{ minHeight: 100 }}
        />
      </FormField>

      <PrivacyNoticeLink className="text-right" />
      <StepButtons
        onBack={() => setStep(1)}
        label="Потвърдете резервацията"
        disabled={!canSubmitBooking(details, chosen, submitting)}
        sending={submitting}
      />
    </form>
  );
}

