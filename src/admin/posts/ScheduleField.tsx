import { useId } from 'react';
import { Input } from '@/shared/ui/input';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { describedBy, FormField } from '@/shared/ui/form-field';
import { wallClockInstant, wallClockValue } from '@/admin/kit/formats/wall-clock';
import { scheduleText } from './schedule';

export interface ScheduleFieldProps {
  /** 'Публикувай' is ticked: publishing now, nothing to schedule. */
  published: boolean;
  scheduled: boolean;
  /** The instant (ISO), '' until a whole date and time is given. */
  scheduledAt: string;
  /** The consultant's time zone: what the wall-clock value means. */
  zone: string;
  error?: string;
  onScheduledChange: (scheduled: boolean) => void;
  onScheduledAtChange: (iso: string) => void;
}

/**
 * 'Насрочи публикуване' under 'Публикувай': a draft gets a date and time in the consultant's zone
 * and the database publishes it then. Shown for drafts; a ticked 'Публикувай' says the schedule goes.
 */
export function ScheduleField({ published, scheduled, scheduledAt, zone, error, onScheduledChange, onScheduledAtChange }: ScheduleFieldProps) {
  const uid = useId();
  const toggleId = `${uid}-scheduled`;
  const whenId = `${uid}-when`;
  return (
    <div className="grid gap-3">
      <CheckboxField
        id={toggleId}
        label={scheduleText.toggle}
        hint={published && scheduled ? scheduleText.publishedWins : scheduleText.hint(zone)}
        checked={scheduled}
        disabled={published}
        onChange={(e) => onScheduledChange(e.target.checked)}
      />
      {scheduled && !published && (
        <FormField id={whenId} label={scheduleText.when} required error={error}>
          <Input
            id={whenId}
            type="datetime-local"
            className="max-w-xs"
            value={wallClockValue(scheduledAt, zone)}
            // a partly typed value reads as '' until the date and the time are both there
            onChange={(e) => onScheduledAtChange(wallClockInstant(e.target.value, zone)?.toISOString() ?? '')}
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(whenId, false, Boolean(error))}
          />
        </FormField>
      )}
    </div>
  );
}
