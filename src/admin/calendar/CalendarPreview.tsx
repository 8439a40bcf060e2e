import { Clock, UserRound } from 'lucide-react';
import { Card } from '@/admin/kit/ui/card';
import { durationText, generateSlots } from '@/shared/domain/calendar';
import { bufferError, isCutoff, isHorizon, noticeError, noticeMinutesOf, normaliseTime, WEEK, workingHoursErrors, type CalendarFormValues } from './schema';

/**
 * 'Преглед' beside the calendar settings: the consultant as visitors see them (photo, name, hours
 * in the zone, working days, the booking window, the cut-off for changes and the free time around
 * meetings), and exactly the times visitors will be offered on each working day. Follows the form's values, saved or not.
 */
export function CalendarPreview({ values, id }: { values: CalendarFormValues; id: (name: string) => string }) {
  const start = normaliseTime(values.start);
  const end = normaliseTime(values.end);
  const hoursValid = Object.keys(workingHoursErrors(values.start, values.end)).length === 0;
  // exactly what visitors will be offered on each working day
  const previewSlots = hoursValid ? generateSlots({ working_hours: { start, end } }) : [];
  const dayNames = WEEK.filter((d) => values.days.includes(d.key)).map((d) => d.label);
  const previewNotice = noticeError(values.notice_amount, values.notice_unit) ? null : noticeMinutesOf(values.notice_amount, values.notice_unit);
  const previewHorizon = isHorizon(values.booking_horizon_days) ? Number(values.booking_horizon_days.trim()) : null;
  const bookingSummary = !values.is_active
    ? 'Онлайн записването е спряно: посетителите виждат телефона и имейла.'
    : previewHorizon !== null && previewNotice !== null
      ? `Записване до ${durationText(previewHorizon * 24 * 60)} напред${previewNotice > 0 ? `, поне ${durationText(previewNotice)} предварително` : ', без предизвестие'}.`
      : '';
  const previewCutoff = values.is_active && isCutoff(values.manage_cutoff_hours) ? Number(values.manage_cutoff_hours.trim()) : null;
  const cutoffSummary =
    previewCutoff === null
      ? ''
      : `Клиентът може да премести или откаже консултацията ${previewCutoff > 0 ? `до ${durationText(previewCutoff * 60)} преди началото ѝ` : 'до самото ѝ начало'}.`;

  const before = values.is_active && !bufferError(values.buffer_before_minutes) ? Number(values.buffer_before_minutes.trim()) : 0;
  const after = values.is_active && !bufferError(values.buffer_after_minutes) ? Number(values.buffer_after_minutes.trim()) : 0;
  const bufferSummary =
    before || after
      ? `Свободно около всяка среща и заетост: ${[before ? `${durationText(before)} преди` : '', after ? `${durationText(after)} след` : ''].filter(Boolean).join(' и ')}.`
      : '';

  return (
    <div className="grid content-start gap-2">
      <h3 className="text-sm font-medium text-slate-800">Преглед</h3>
      <Card className="flex items-center gap-4 p-5">
        {values.photo_url ? (
          <img src={values.photo_url} alt={values.photo_alt.trim()} width={64} height={64} className="size-16 shrink-0 rounded-full bg-slate-100 object-cover" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <UserRound aria-hidden="true" className="size-8" />
          </span>
        )}
        <div className="grid gap-1">
          <p className="font-semibold text-slate-900">{values.consultant_name.trim() || 'Консултант'}</p>
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <Clock aria-hidden="true" className="size-4" />
            {start} – {end} ({values.time_zone})
          </p>
          <p className="text-sm text-slate-700">{dayNames.join(', ') || 'Няма работни дни'}</p>
          {bookingSummary && <p className="text-sm text-slate-700">{bookingSummary}</p>}
          {cutoffSummary && <p className="text-sm text-slate-700">{cutoffSummary}</p>}
          {bufferSummary && <p className="text-sm text-slate-700">{bufferSummary}</p>}
        </div>
      </Card>
      <Card className="grid gap-2 p-5">
        <h4 id={id('slots')} className="text-sm font-medium text-slate-800">
          Часове за посетителите ({previewSlots.length})
        </h4>
        {previewSlots.length ? (
          <ul aria-labelledby={id('slots')} className="flex flex-wrap gap-1.5">
            {previewSlots.map((slot) => (
              <li key={slot} className="rounded bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-800">
                {slot}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Няма часове с това работно време.</p>
        )}
      </Card>
    </div>
  );
}
