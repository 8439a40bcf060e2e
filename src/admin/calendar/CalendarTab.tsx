import { Loading } from '@/admin/kit/ui/Loading';
import { CalendarDays } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useController, useWatch } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { Input } from '@/shared/ui/input';
import { errorId, hintId } from '@/shared/ui/form-field';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { ErrorCard } from '@/admin/kit/ui/ErrorCard';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { ImageUploadField } from '@/admin/kit/media/ImageUploadField';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useGuardedSave } from '@/admin/kit/saving/use-guarded-save';
import { fetchCalendarSettings, useCalendarSettings, type StoredCalendarSettings } from '@/admin/kit/data/calendar-settings';
import { useSaveCalendarSettings, type CalendarSettingsInput } from './settings-api';
import { calendarZone } from '@/shared/domain/calendar';
import { BookingWindowFields } from './BookingWindowFields';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { CalendarPreview } from './CalendarPreview';
import { DaysOffSection } from './DaysOffSection';
import { MeetingLinkSection } from './MeetingLinkSection';
import { calendarInput, calendarRefusal, calendarSchema, calendarText, calendarValuesFrom, timeZoneOptions, WEEK, type CalendarFormValues } from './schema';

/**
 * The 'Календар' tab: 'Настройки на календара', then where meetings happen ('Връзка за срещите'),
 * the consultant's own calendars ('Календари за заетост') and the days off.
 */
export function CalendarTab() {
  const settings = useCalendarSettings();
  if (settings.isPending) {
    return (
      <Loading>Зареждане на настройките...</Loading>
    );
  }
  if (settings.isError) {
    return <ErrorCard message={calendarText.loadFailed} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  }
  return (
    <div className="grid gap-10">
      <CalendarForm settings={settings.data} />
      <MeetingLinkSection />
      <CalendarFeedsSection zone={calendarZone(settings.data)} />
      <DaysOffSection zone={calendarZone(settings.data)} />
    </div>
  );
}

function CalendarForm({ settings: loadedSettings }: { settings: StoredCalendarSettings | null }) {
  const form = useSchemaForm<CalendarFormValues>(calendarSchema, {
    defaultValues: calendarValuesFrom(loadedSettings),
  });
  const { register, control, handleSubmit, formState } = form;
  // no back button here: registering makes links, 'Изход' and closing the browser tab ask
  useUnsavedChanges(formState.isDirty);
  const values = useWatch({ control }) as CalendarFormValues;
  const errors = {
    consultant_name: formState.errors.consultant_name?.message,
    photo_alt: formState.errors.photo_alt?.message,
    start: formState.errors.start?.message,
    end: formState.errors.end?.message,
    days: formState.errors.days?.message,
    time_zone: formState.errors.time_zone?.message,
    booking_horizon_days: formState.errors.booking_horizon_days?.message,
    notice_amount: formState.errors.notice_amount?.message,
    manage_cutoff_hours: formState.errors.manage_cutoff_hours?.message,
    buffer_before_minutes: formState.errors.buffer_before_minutes?.message,
    buffer_after_minutes: formState.errors.buffer_after_minutes?.message,
  };
  const photoAlt = useController({ control, name: 'photo_alt' });
  const [uploading, setUploading] = useState(false);
  // the form stays open after a save: the saved settings are its new starting point
  const save = useGuardedSave({
    loaded: loadedSettings,
    form,
    valuesOf: calendarValuesFrom,
    fetchCurrent: () => fetchCalendarSettings(),
    nameOf: () => 'Настройки на календара',
    mutation: useSaveCalendarSettings(),
    variables: (input: CalendarSettingsInput, id, expectedUpdatedAt) => ({ id, expectedUpdatedAt, input }),
    savedToast: { title: calendarText.saved },
    failure: (error) => {
      // a value the database refused: its message goes on its field, as the form's own rules do
      const refused = calendarRefusal(error);
      if (refused) form.setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
      return calendarText.saveFailed;
    },
    what: 'saving calendar settings',
  });
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  const timeZone = values.time_zone;
  // hundreds of zones: built once per chosen zone, not again on every keystroke elsewhere
  const zoneOptions = useMemo(
    () =>
      timeZoneOptions(timeZone).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [timeZone],
  );

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <h2 id={id('heading')} className="text-xl font-semibold text-slate-900">
        Настройки на календара
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={handleSubmit((submitted) => save.submit(calendarInput(submitted)))} className="grid gap-5" aria-labelledby={id('heading')} aria-busy={save.isPending}>
              {save.saveError && <FormAlert title="Грешка">{save.saveError}</FormAlert>}
              <div className="grid gap-1.5">
                <Label htmlFor={id('consultant_name')} required>
                  Име на консултанта
                </Label>
                <Input id={id('consultant_name')} required {...register('consultant_name')} {...fieldAria(id('consultant_name'), errors.consultant_name)} />
                {errors.consultant_name && (
                  <p id={errorId(id('consultant_name'))} className="text-sm text-danger-700">
                    {errors.consultant_name}
                  </p>
                )}
              </div>
              <Controller
                control={control}
                name="photo_url"
                render={({ field }) => (
                  <ImageUploadField
                    label="Снимка на консултанта"
                    value={field.value}
                    onChange={field.onChange}
                    alt={photoAlt.field.value}
                    onAltChange={photoAlt.field.onChange}
                    altError={errors.photo_alt}
                    folder="calendar"
                    previewWidth={160}
                    previewHeight={160}
                    successTitle="Изображението е качено"
                    onBusyChange={setUploading}
                    uploadLabel="Качи снимка"
                  />
                )}
              />
              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-medium text-slate-800">Работно време</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {(['start', 'end'] as const).map((key) => (
                    <div key={key} className="grid gap-1.5">
                      <Label htmlFor={id(key)} required>
                        {key === 'start' ? 'Начало' : 'Край'}
                      </Label>
                      <Input
                        id={id(key)}
                        type="time"
                        required
                        // the start is checked together with the end: a new start re-checks the end
                        {...register(key, key === 'start' ? { deps: ['end'] } : undefined)}
                        aria-invalid={errors[key] ? true : undefined}
                        aria-describedby={[hintId(id('hours')), errors[key] ? errorId(id(key)) : null].filter(Boolean).join(' ')}
                      />
                      {errors[key] && (
                        <p id={errorId(id(key))} className="text-sm text-danger-700">
                          {errors[key]}
                        </p>
                      )}
                    </div>
                  ))}
                </div>
                <p id={hintId(id('hours'))} className="text-xs text-slate-600">
                  Посетителите избират час на всеки 30 минути от началото (с минутите) до края (без него), по часовата зона
                  по-долу.
                </p>
              </fieldset>
              <fieldset className="grid gap-2" aria-describedby={errors.days ? errorId(id('days')) : undefined}>
                <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  Работни дни
                </legend>
                <Controller
                  control={control}
                  name="days"
                  render={({ field }) => (
                    <div className="flex flex-wrap gap-x-4 gap-y-2">
                      {WEEK.map((day, index) => (
                        <label key={day.key} htmlFor={id(`day-${day.key}`)} className="flex items-center gap-2 text-sm text-slate-800">
                          <input
                            id={id(`day-${day.key}`)}
                            // the first day takes the focus when no day is chosen
                            ref={index === 0 ? field.ref : undefined}
                            type="checkbox"
                            checked={field.value.includes(day.key)}
                            // kept in the week's order, so ticking a day off and on again is no change
                            onChange={(e) =>
                              field.onChange(WEEK.map((d) => d.key).filter((key) => (key === day.key ? e.target.checked : field.value.includes(key))))
                            }
                            onBlur={field.onBlur}
                            className="size-4 rounded border-slate-400 accent-brand-600"
                          />
                          {day.label}
                        </label>
                      ))}
                    </div>
                  )}
                />
                {errors.days && (
                  <p id={errorId(id('days'))} className="text-sm text-danger-700">
                    {errors.days}
                  </p>
                )}
              </fieldset>
              <div className="grid gap-1.5">
                <Label htmlFor={id('time_zone')} required>
                  Часова зона
                </Label>
                <Select
                  id={id('time_zone')}
                  {...register('time_zone')}
                  aria-invalid={errors.time_zone ? true : undefined}
                  aria-describedby={errors.time_zone ? errorId(id('time_zone')) : hintId(id('time_zone'))}
                >
                  {zoneOptions}
                </Select>
                {errors.time_zone ? (
                  <p id={errorId(id('time_zone'))} className="text-sm text-danger-700">
                    {errors.time_zone}
                  </p>
                ) : (
                  <p id={hintId(id('time_zone'))} className="text-xs text-slate-600">
                    Работното време е по часовника на тази зона; посетители от другаде виждат и своето време.
                  </p>
                )}
              </div>
              <BookingWindowFields register={register} errors={errors} id={id} />
              <div className="flex justify-end">
                <Button type="submit" disabled={save.isPending || uploading}>
                  {save.isPending ? 'Запазване...' : 'Запази настройките'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <CalendarPreview values={values} id={id} />
      </div>
      {save.conflictDialog}
    </section>
  );
}
