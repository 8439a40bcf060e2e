import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRecheckOnDenied } from '../api';
import { ErrorCard } from '../components/ErrorCard';
import { FormAlert } from '../components/FormAlert';
import { ImageUploadField } from '../components/ImageUploadField';
import { useCalendarSettings, useSaveCalendarSettings, type CalendarSettings } from './api';
import {
  calendarInput,
  calendarText,
  calendarValuesFrom,
  normaliseTime,
  validateCalendar,
  type CalendarFormErrors,
  type CalendarFormValues,
} from './calendar-form';

/** The 'Календар' tab: 'Настройки на календара' (spec section 2). */
export function CalendarTab() {
  const settings = useCalendarSettings();
  if (settings.isPending) {
    return (
      <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
        <Spinner size="sm" label="Зареждане" />
        Зареждане на настройките...
      </p>
    );
  }
  if (settings.isError) {
    return <ErrorCard message={calendarText.loadFailed} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  }
  return <CalendarForm settings={settings.data} />;
}

function CalendarForm({ settings }: { settings: CalendarSettings | null }) {
  const [values, setValues] = useState<CalendarFormValues>(() => calendarValuesFrom(settings));
  const [errors, setErrors] = useState<CalendarFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSaveCalendarSettings();
  const recheckOnDenied = useRecheckOnDenied();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  function set<K extends keyof CalendarFormValues>(key: K, value: CalendarFormValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validateCalendar(next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateCalendar(values);
    setErrors(found);
    const first = (['consultant_name', 'start', 'end'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    setSaveError(null);
    save.mutate(
      { id: settings?.id ?? null, input: calendarInput(values, settings) },
      {
        onSuccess: () => toast({ title: calendarText.saved }),
        onError: (error) => {
          console.error('[admin] saving calendar settings failed', error);
          setSaveError(calendarText.saveFailed);
          toast({ title: 'Грешка', description: calendarText.saveFailed, variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
  }

  const start = normaliseTime(values.start);
  const end = normaliseTime(values.end);

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <h2 id={id('heading')} className="text-xl font-semibold text-slate-900">
        Настройки на календара
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby={id('heading')} aria-busy={save.isPending}>
              {saveError && <FormAlert title="Грешка">{saveError}</FormAlert>}
              <div className="grid gap-1.5">
                <Label htmlFor={id('consultant_name')} required>
                  Име на консултанта
                </Label>
                <Input
                  id={id('consultant_name')}
                  value={values.consultant_name}
                  onChange={(e) => set('consultant_name', e.target.value)}
                  required
                  aria-invalid={errors.consultant_name ? true : undefined}
                  aria-describedby={errors.consultant_name ? `${id('consultant_name')}-error` : undefined}
                />
                {errors.consultant_name && (
                  <p id={`${id('consultant_name')}-error`} className="text-sm text-danger-700">
                    {errors.consultant_name}
                  </p>
                )}
              </div>
              <ImageUploadField
                label="Снимка на консултанта"
                value={values.photo_url}
                onChange={(url) => set('photo_url', url)}
                folder="calendar"
                previewWidth={160}
                previewHeight={160}
                successTitle="Изображението е качено"
                onBusyChange={setUploading}
                uploadLabel="Качи снимка"
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
                        step={1800}
                        value={values[key]}
                        onChange={(e) => set(key, e.target.value)}
                        required
                        aria-invalid={errors[key] ? true : undefined}
                        aria-describedby={[`${id('hours')}-hint`, errors[key] ? `${id(key)}-error` : null].filter(Boolean).join(' ')}
                      />
                      {errors[key] && (
                        <p id={`${id(key)}-error`} className="text-sm text-danger-700">
                          {errors[key]}
                        </p>
                      )}
                    </div>
                  ))}
                </div>
                <p id={`${id('hours')}-hint`} className="text-xs text-slate-600">
                  Посетителите избират час на всеки 30 минути от началния час до крайния (без него). Използват се само часовете.
                </p>
              </fieldset>
              <p className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                Работните дни са от понеделник до петък.
              </p>
              <div className="flex justify-end">
                <Button type="submit" disabled={save.isPending || uploading}>
                  {save.isPending ? 'Запазване...' : 'Запази настройките'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-slate-800">Преглед</h3>
          <Card className="flex items-center gap-4 p-5">
            {values.photo_url ? (
              <img src={values.photo_url} alt="" width={64} height={64} className="size-16 shrink-0 rounded-full bg-slate-100 object-cover" />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                <UserRound aria-hidden="true" className="size-8" />
              </span>
            )}
            <div className="grid gap-1">
              <p className="font-semibold text-slate-900">{values.consultant_name.trim() || 'Консултант'}</p>
              <p className="flex items-center gap-1.5 text-sm text-slate-700">
                <Clock aria-hidden="true" className="size-4" />
                {start} – {end}
              </p>
              <p className="text-sm text-slate-700">Понеделник – Петък</p>
            </div>
          </Card>
        </div>
      </div>
    </section>
  );
}
