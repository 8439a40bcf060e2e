import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { callOrWrite } from '@/config/call-or-write';
import { BookingRefusedError, SlotTakenError, useBookAppointment, useCalendarSettings, useTakenSlots } from './api';
import {
  bookingErrors,
  canContinueBooking,
  canSubmitBooking,
  EMPTY_BOOKING_FORM,
  toAppointment,
  type BookingFormState,
} from './form';
import { MonthCalendar } from './MonthCalendar';
import { calendarZone, currentMonthIn, dayKey, freeSlots, isSelectableDay, parseDayKey, slotLabel, visitorTimeZone } from './slots';

const longDate = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const firstOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** How the consultant's zone is named to a visitor: Sofia as Bulgarian time, others by their IANA name. */
export function zoneName(zone: string): string {
  return zone === 'Europe/Sofia' ? 'българско време' : `времето в ${zone}`;
}

/** The booking flow's state, kept by the dialog so closing it does not lose what was chosen. */
export function useBookingState() {
  const [form, setForm] = useState<BookingFormState>(EMPTY_BOOKING_FORM);
  const [step, setStep] = useState<1 | 2>(1);
  const [month, setMonth] = useState(() => firstOfMonth(new Date()));
  /** Slots the database refused as taken in this session, hidden at once (instants in ms). */
  const [refused, setRefused] = useState<number[]>([]);
  const reset = () => {
    setForm(EMPTY_BOOKING_FORM);
    setStep(1);
    setMonth(firstOfMonth(new Date()));
    setRefused([]);
  };
  return { form, setForm, step, setStep, month, setMonth, refused, setRefused, reset };
}

export type BookingState = ReturnType<typeof useBookingState>;

export interface BookingWizardProps {
  state: BookingState;
  /** Called after the appointment was saved (the dialog closes). */
  onSuccess?: () => void;
}

/**
 * The two-step booking flow (spec sections 4 and 5): a calendar with the free times of the chosen
 * day, then the contact details. Times are shown in the visitor's time zone and stored as the ISO
 * instant; slots already booked are not offered, and a slot taken between choosing and submitting
 * is refused by the database, explained, and removed from the calendar.
 */
export function BookingWizard({ state, onSuccess }: BookingWizardProps) {
  const { form, setForm, step, setStep, month, setMonth, refused, setRefused, reset } = state;
  const settingsQuery = useCalendarSettings();
  const settings = settingsQuery.data ?? null;
  const zone = calendarZone(settings);
  const viewerZone = visitorTimeZone();
  const taken = useTakenSlots(form.preferred_date, zone);
  const book = useBookAppointment(zone);

  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  const now = new Date();
  const chosenDay = form.preferred_date ? parseDayKey(form.preferred_date) : null;
  const takenInstants = useMemo(() => [...(taken.data ?? []), ...refused], [taken.data, refused]);
  const slots = chosenDay ? freeSlots(form.preferred_date, settings, takenInstants, now) : [];
  const time = slots.some((slot) => slot.time === form.preferred_time) ? form.preferred_time : '';
  const showsOwnTime = !!viewerZone && slots.some((slot) => slotLabel(slot, zone, viewerZone) !== slot.time);
  const errors = bookingErrors(form);
  const submitting = book.isPending;

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const update = <K extends keyof BookingFormState>(key: K, value: BookingFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const chooseDay = (day: Date) => setForm((current) => ({ ...current, preferred_date: dayKey(day), preferred_time: '' }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitBooking({ ...form, preferred_time: time }, submitting)) return;
    const row = toAppointment(form, zone);
    book.mutate(row, {
      onSuccess: () => {
        toast({ title: 'Успешно!', description: 'Вашата резервация е изпратена. Ще се свържем с вас скоро.' });
        reset();
        onSuccess?.();
      },
      onError: (error) => {
        if (error instanceof BookingRefusedError && error.kind === 'limit') {
          console.warn('[booking] refused by the intake limits', error.original);
          toast({
            title: 'Не можем да приемем още една резервация',
            description: callOrWrite,
            variant: 'destructive',
          });
          return;
        }
        if (error instanceof BookingRefusedError) {
          console.warn('[booking] the calendar no longer offers this time', error.original);
          void settingsQuery.refetch();
          void taken.refetch();
          setForm((current) => ({ ...current, preferred_time: '' }));
          setStep(1);
          toast({
            title: 'Този час вече не се предлага',
            description: 'Календарът се промени. Моля, изберете друг свободен час. Данните ви са запазени.',
            variant: 'destructive',
          });
          return;
        }
        if (error instanceof SlotTakenError) {
          console.warn('[booking] the slot was taken before this booking reached the database', error.original);
          setRefused((list) => [...list, new Date(row.preferred_date).getTime()]);
          setForm((current) => ({ ...current, preferred_time: '' }));
          setStep(1);
          toast({
            title: 'Този час вече е зает',
            description: 'Някой току-що запази избрания от вас час. Моля, изберете друг свободен час. Данните ви са запазени.',
            variant: 'destructive',
          });
          return;
        }
        console.error('[booking] the appointment could not be saved', error);
        toast({ title: 'Грешка', description: 'Нещо се обърка. Моля, опитайте отново.', variant: 'destructive' });
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
              <img
                src={settings.photo_url}
                alt=""
                width={48}
                height={48}
                className="size-12 rounded-full bg-white object-cover"
              />
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

        <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            minMonth={currentMonthIn(zone, now)}
            selected={form.preferred_date}
            onSelect={chooseDay}
            isSelectable={(day) => isSelectableDay(dayKey(day), settings, now)}
          />

          <section aria-labelledby={fieldId('slots-title')} className="flex flex-col gap-2">
            <h4 id={fieldId('slots-title')} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
              <Clock aria-hidden="true" className="size-4 text-brand-700" />
              Свободни часове
            </h4>
            {settingsQuery.isPending ? (
              <Spinner size="sm" label="Зареждане на календара" />
            ) : !chosenDay ? (
              <p className="text-sm text-slate-600">Изберете дата, за да видите свободните часове.</p>
            ) : taken.isPending ? (
              <Spinner size="sm" label="Зареждане на свободните часове" />
            ) : slots.length === 0 ? (
              <p className="text-sm text-slate-600">Няма свободни часове за този ден. Моля, изберете друга дата.</p>
            ) : (
              <ul
                aria-label={`Свободни часове за ${longDate.format(chosenDay)}`}
                className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-2"
              >
                {slots.map((slot) => (
                  <li key={slot.time} className={showsOwnTime ? 'col-span-3 sm:col-span-2' : undefined}>
                    <button
                      type="button"
                      aria-pressed={slot.time === time}
                      onClick={() => update('preferred_time', slot.time)}
                      className={cn(
                        'w-full rounded-md border px-2 py-2 text-sm font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                        slot.time === time
                          ? 'border-brand-600 bg-brand-600 text-white'
                          : 'border-slate-300 text-slate-900 hover:border-brand-600 hover:bg-brand-50',
                      )}
                    >
                      {slotLabel(slot, zone, viewerZone)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-slate-600">
              Часовете са по {zoneName(zone)}.{showsOwnTime ? ` В скоби е вашето време (${viewerZone}).` : ''}
            </p>
          </section>
        </div>

        {chosenDay && canContinueBooking({ preferred_date: form.preferred_date, preferred_time: time }) && (
          <div className="flex justify-end">
            <Button onClick={() => setStep(2)}>Продължи</Button>
          </div>
        )}
      </div>
    );
  }

  const chosenSlot = slots.find((slot) => slot.time === time);
  const when = chosenDay && chosenSlot ? `${longDate.format(chosenDay)}, ${slotLabel(chosenSlot, zone, viewerZone)} ч. (${zoneName(zone)})` : '';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
          <Input id={fieldId('name')} value={form.name} onChange={(e) => update('name', e.target.value)} autoComplete="name" required />
        </FormField>
        <FormField id={fieldId('email')} label="Имейл" required error={errors.email}>
          <Input
            id={fieldId('email')}
            type="email"
            inputMode="email"
            value={form.email}
            onChange={(e) => update('email', e.target.value)}
            autoComplete="email"
            required
            aria-invalid={!!errors.email || undefined}
            aria-describedby={errors.email ? errorId(fieldId('email')) : undefined}
          />
        </FormField>
        <FormField id={fieldId('company')} label="Компания">
          <Input
            id={fieldId('company')}
            value={form.company}
            onChange={(e) => update('company', e.target.value)}
            autoComplete="organization"
          />
        </FormField>
        <FormField id={fieldId('phone')} label="Телефон" error={errors.phone}>
          <PhoneInput
            id={fieldId('phone')}
            country={form.phoneCountry}
            onCountryChange={(code) => update('phoneCountry', code)}
            value={form.phone}
            onChange={(value) => update('phone', value)}
            invalid={!!errors.phone}
            describedBy={errors.phone ? errorId(fieldId('phone')) : undefined}
          />
        </FormField>
      </div>
      <FormField id={fieldId('message')} label="Съобщение">
        <Textarea
          id={fieldId('message')}
          value={form.message}
          onChange={(e) => update('message', e.target.value)}
          rows={4}
          placeholder="Какво искате да обсъдим?"
          style={{ minHeight: 100 }}
        />
      </FormField>

      <div className="flex justify-between gap-3 pt-1">
        <Button variant="outline" onClick={() => setStep(1)} disabled={submitting}>
          Назад
        </Button>
        <Button type="submit" disabled={!canSubmitBooking({ ...form, preferred_time: time }, submitting)}>
          {submitting ? 'Изпращане...' : 'Потвърдете резервацията'}
        </Button>
      </div>
    </form>
  );
}

