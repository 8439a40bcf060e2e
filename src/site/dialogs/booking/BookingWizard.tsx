import { CalendarDays, CalendarOff, Clock, Mail, Phone, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { PhoneInput } from '@/site/dialogs/PhoneInput';
import { Spinner } from '@/shared/ui/spinner';
import { Picture } from '@/shared/ui/picture';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { cn } from '@/shared/ui/cn';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { callOrWrite } from '@/site/dialogs/call-or-write';
import { site } from '@/shared/config/site';
import { useBotTrap } from '@/site/dialogs/bot-trap';
import {
  BookingRefusedError,
  SlotTakenError,
  useBookAppointment,
  useCalendarSettings,
  useDaysOff,
  useTakenSlots,
  type BookingRefusal,
} from './api';
import {
  bookingDetailsSchema,
  canContinueBooking,
  canSubmitBooking,
  EMPTY_BOOKING_DETAILS,
  NO_SLOT,
  toAppointment,
  type BookingDetails,
  type BookingSlot,
} from './schema';
import { MonthCalendar } from './MonthCalendar';
import {
  bookingWindow,
  calendarZone,
  currentMonthIn,
  dayKey,
  dayOffOn,
  daySlots,
  dayStatus,
  durationText,
  freeSlots,
  horizonDays,
  monthWeeks,
  noticeMinutes,
  parseDayKey,
  slotLabel,
  todayIn,
  visitorTimeZone,
  type DayOff,
  type DayStatus,
} from '@/shared/domain/calendar';

const longDate = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const firstOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);

/** How the consultant's zone is named to a visitor: Sofia as Bulgarian time, others by their IANA name. */
export function zoneName(zone: string): string {
  return zone === 'Europe/Sofia' ? 'българско време' : `времето в ${zone}`;
}

/** What a disabled day of the calendar says after its name ('…, недостъпен: почивен ден (Коледа)'). */
function unavailableText(status: DayStatus, dayOff: DayOff | undefined): string | undefined {
  switch (status) {
    case 'past':
      return 'отминал ден';
    case 'too_far':
      return 'извън периода за записване';
    case 'not_working':
      return 'неработен ден';
    case 'day_off':
      return dayOff?.label?.trim() ? `почивен ден (${dayOff.label.trim()})` : 'почивен ден';
    case 'no_slots':
      return 'няма свободни часове';
    default:
      return undefined;
  }
}

/** How a refused booking is explained (all of them keep what the visitor typed). */
const refusalToasts: Record<BookingRefusal, { title: string; description: string }> = {
  closed: {
    title: 'Онлайн записването е спряно',
    description: `Календарът вече не приема резервации през сайта. ${callOrWrite}`,
  },
  day_off: {
    title: 'Този ден вече е почивен',
    description: 'Консултантът няма да работи в избрания ден. Моля, изберете друга дата. Данните ви са запазени.',
  },
  too_soon: {
    title: 'Избраният час вече е твърде близо',
    description: 'Консултациите се запазват с предварително известие. Моля, изберете по-късен час. Данните ви са запазени.',
  },
  too_far: {
    title: 'Тази дата вече е извън календара',
    description: 'Календарът вече не предлага толкова далечна дата. Моля, изберете по-ранна дата. Данните ви са запазени.',
  },
  slot: {
    title: 'Този час вече не се предлага',
    description: 'Календарът се промени. Моля, изберете друг свободен час. Данните ви са запазени.',
  },
  limit_client: {
    title: 'Вече имате чакащи резервации',
    description: `Не можем да приемем още една резервация през сайта, докато предишните ви чакат потвърждение. ${callOrWrite}`,
  },
  limit_email: {
    title: 'Не можем да приемем още една резервация',
    description: `За този имейл вече има чакащи резервации. ${callOrWrite}`,
  },
  limit_rate: {
    title: 'В момента получаваме много резервации',
    description: `Моля, опитайте отново след минута. ${callOrWrite}`,
  },
  limit: {
    title: 'Не можем да приемем още една резервация',
    description: callOrWrite,
  },
};

/** The booking flow's state, kept by the dialog so closing it does not lose what was chosen. */
export function useBookingState() {
  // The details (step 2) live in the form library with the shared timing: an error shows once a
  // field is left or the form is sent, and is live from then on.
  const form = useSchemaForm<BookingDetails>(bookingDetailsSchema, { defaultValues: EMPTY_BOOKING_DETAILS });
  const [slot, setSlot] = useState<BookingSlot>(NO_SLOT);
  const [step, setStep] = useState<1 | 2>(1);
  const [month, setMonth] = useState(() => firstOfMonth(new Date()));
  /** Slots the database refused as taken in this session, hidden at once (instants in ms). */
  const [refused, setRefused] = useState<number[]>([]);
  const reset = () => {
    form.reset(EMPTY_BOOKING_DETAILS);
    setSlot(NO_SLOT);
    setStep(1);
    setMonth(firstOfMonth(new Date()));
    setRefused([]);
  };
  return { form, slot, setSlot, step, setStep, month, setMonth, refused, setRefused, reset };
}

export type BookingState = ReturnType<typeof useBookingState>;

const NO_DAYS_OFF: DayOff[] = [];

/** Instead of the calendar while online booking is closed: the phone and the e-mail. */
function ClosedNotice() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h4 className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarOff aria-hidden="true" className="size-5 text-brand-700" />
        Онлайн записването временно е спряно
      </h4>
      <p className="text-sm text-slate-700">
        В момента не приемаме резервации през сайта. Обадете ни се или ни пишете и ще уговорим удобен час за консултация.
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          <a href={site.phoneHref} className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline">
            <Phone aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Телефон:</span> {site.phone}
            </span>
          </a>
        </li>
        <li>
          <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline">
            <Mail aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Имейл:</span> {site.email}
            </span>
          </a>
        </li>
      </ul>
    </div>
  );
}

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
 * e-mail instead. Whatever the database refuses meanwhile (a slot taken, a day that became a day
 * off, a closed calendar, the intake limits) is explained, and what the visitor typed is kept.
 */
export function BookingWizard({ state, onSuccess }: BookingWizardProps) {
  const { form, slot, setSlot, step, setStep, month, setMonth, refused, setRefused, reset } = state;
  const settingsQuery = useCalendarSettings();
  const settings = settingsQuery.data ?? null;
  const closed = settings?.is_active === false;
  const zone = calendarZone(settings);
  const viewerZone = visitorTimeZone();
  const now = new Date();
  const bookable = bookingWindow(settings, now);
  // the days off that can matter, read once the settings (the zone and the horizon) are known
  const daysOffQuery = useDaysOff(todayIn(zone, now), bookable.lastDay, settingsQuery.isSuccess && !closed);
  const daysOff = daysOffQuery.data ?? NO_DAYS_OFF;
  const loading = settingsQuery.isPending || (!closed && daysOffQuery.isPending);
  const taken = useTakenSlots(slot.preferred_date, zone);
  const book = useBookAppointment();
  const trap = useBotTrap();

  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);

  const chosenDay = slot.preferred_date ? parseDayKey(slot.preferred_date) : null;
  const takenInstants = useMemo(() => [...(taken.data ?? []), ...refused], [taken.data, refused]);
  const slots = chosenDay ? freeSlots(slot.preferred_date, settings, takenInstants, now, daysOff) : [];
  // While the details are typed the chosen time stays chosen, even if it slips under the notice
  // meanwhile: the database then refuses it and the visitor is told, rather than the button
  // silently turning off.
  const kept = step === 2 && chosenDay ? daySlots(slot.preferred_date, settings).find((s) => s.time === slot.preferred_time) : undefined;
  const time = slots.some((s) => s.time === slot.preferred_time) || kept ? slot.preferred_time : '';
  const showsOwnTime = !!viewerZone && slots.some((s) => slotLabel(s, zone, viewerZone) !== s.time);
  const chosen: BookingSlot = { preferred_date: slot.preferred_date, preferred_time: time };
  const { register, control, handleSubmit, formState } = form;
  const errors = { email: formState.errors.email?.message, phone: formState.errors.phone?.message };
  const details = form.watch();
  const submitting = book.isPending;

  // The month shown (never past the horizon's) and why each of its days can or cannot be chosen,
  // worked out once a minute rather than on every render.
  const [lastYear, lastMonth] = bookable.lastDay.split('-').map(Number);
  const maxMonth = new Date(lastYear, lastMonth - 1, 1);
  const shownMonth = month.getTime() > maxMonth.getTime() ? maxMonth : month;
  const shownKey = dayKey(shownMonth);
  const minute = Math.floor(now.getTime() / 60_000);
  const statuses = useMemo(() => {
    const at = bookingWindow(settings, new Date(minute * 60_000));
    const [y, m] = shownKey.split('-').map(Number);
    const map = new Map<string, DayStatus>();
    for (const day of monthWeeks(y, m - 1).flat()) {
      if (day) map.set(dayKey(day), dayStatus(dayKey(day), settings, at, daysOff));
    }
    return map;
  }, [shownKey, settings, daysOff, minute]);
  const statusOf = (day: Date): DayStatus => statuses.get(dayKey(day)) ?? 'past';

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const chooseTime = (preferred_time: string) => setSlot((current) => ({ ...current, preferred_time }));
  const chooseDay = (day: Date) => setSlot({ preferred_date: dayKey(day), preferred_time: '' });

  const onSubmit = (values: BookingDetails) => {
    if (!canSubmitBooking(values, chosen, submitting)) return;
    const row = toAppointment(values, chosen, zone);
    book.mutate({ ...row, ...trap.values() }, {
      onSuccess: () => {
        toast({ title: 'Успешно!', description: 'Вашата резервация е изпратена. Ще се свържем с вас скоро.' });
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
        toast({ title: 'Грешка', description: 'Нещо се обърка. Моля, опитайте отново.', variant: 'destructive' });
      },
    });
  };

  if (step === 1) {
    const notice = noticeMinutes(settings);
    const ahead = durationText(horizonDays(settings) * 24 * 60);
    const windowText = notice > 0 ? `Може да запазите час поне ${durationText(notice)} предварително и до ${ahead} напред.` : `Може да запазите час до ${ahead} напред.`;
    return (
      <div className="flex flex-col gap-5">
        <h3 ref={stepHeading} tabIndex={-1} className="sr-only">
          Стъпка 1 от 2: изберете дата и час
        </h3>
        {settings && (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
            {settings.photo_url ? (
              <Picture src={settings.photo_url} alt="" width={48} height={48} eager className="size-12 rounded-full bg-white object-cover" />
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

        {loading ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label="Зареждане на календара" />
          </div>
        ) : closed ? (
          <ClosedNotice />
        ) : (
          <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_11rem]">
            <div className="flex flex-col gap-2">
              <MonthCalendar
                month={shownMonth}
                onMonthChange={setMonth}
                minMonth={currentMonthIn(zone, now)}
                maxMonth={maxMonth}
                selected={slot.preferred_date}
                onSelect={chooseDay}
                isSelectable={(day) => statusOf(day) === 'available'}
                unavailableReason={(day) => unavailableText(statusOf(day), dayOffOn(dayKey(day), daysOff))}
              />
              <p className="text-xs text-slate-600">{windowText}</p>
            </div>

            <section aria-labelledby={fieldId('slots-title')} className="flex flex-col gap-2">
              <h4 id={fieldId('slots-title')} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
                <Clock aria-hidden="true" className="size-4 text-brand-700" />
                Свободни часове
              </h4>
              {!chosenDay ? (
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
                        onClick={() => chooseTime(slot.time)}
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
        )}

        {!loading && !closed && chosenDay && canContinueBooking(chosen) && (
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

      <div className="flex justify-between gap-3 pt-1">
        <Button variant="outline" onClick={() => setStep(1)} disabled={submitting}>
          Назад
        </Button>
        <Button type="submit" disabled={!canSubmitBooking(details, chosen, submitting)}>
          {submitting ? 'Изпращане...' : 'Потвърдете резервацията'}
        </Button>
      </div>
    </form>
  );
}

