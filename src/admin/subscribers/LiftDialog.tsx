import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { describedBy, FormField } from '@/shared/ui/form-field';
import { Spinner } from '@/shared/ui/spinner';
import { Textarea } from '@/shared/ui/textarea';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import type { Subscriber } from './api';
import { LIFT_REASON_MAX, liftQuestion, subscriberText } from './words';

export interface LiftDialogProps {
  /** The suppressed subscriber to lift, or null when the dialog is closed. */
  subscriber: Subscriber | null;
  /** The lift is under way. */
  busy: boolean;
  /** Why the database refused the last try (shown in the dialog; what was typed stays). */
  problem: string | null;
  onCancel: () => void;
  onLift: (reason: string) => void;
  /** Where focus goes back when the dialog closes: the row's button that opened it. */
  returnFocus?: HTMLElement | null;
}

/**
 * 'Премахни блокирането' asks why: a required reason, kept with the admin's name and the time. A
 * modal dialog (focus inside, Escape or 'Отказ' closes it); a missing reason is said under the
 * field, a refusal of the database above the buttons, and the reason typed is kept in both cases.
 */
export function LiftDialog({ subscriber, busy, problem, onCancel, onLift, returnFocus }: LiftDialogProps) {
  return (
    <Dialog open={subscriber !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      {subscriber && (
        <DialogContent
          title={subscriberText.liftTitle}
          description={liftQuestion(subscriber)}
          maxWidth={500}
          onCloseAutoFocus={(event) => {
            // no Radix trigger opened it: back to the row's button, while it is still there
            if (returnFocus?.isConnected) {
              event.preventDefault();
              returnFocus.focus();
            }
          }}
        >
          {/* a fresh form for each subscriber: no reason typed for another address carries over */}
          <LiftForm key={subscriber.id} busy={busy} problem={problem} onCancel={onCancel} onLift={onLift} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function LiftForm({ busy, problem, onCancel, onLift }: Omit<LiftDialogProps, 'subscriber' | 'returnFocus'>) {
  const id = `${useId()}-reason`;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    onLift(text);
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id={id} label={subscriberText.liftReason} required hint={subscriberText.liftReasonHint} error={missing ? subscriberText.liftReasonMissing : null}>
        <Textarea
          id={id}
          name="reason"
          rows={3}
          required
          maxLength={LIFT_REASON_MAX}
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={describedBy(id, true, missing)}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
      </FormField>
      {problem && <FormAlert className="p-3">{problem}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Отказ
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner size="sm" label="Премахване" />}
          {subscriberText.lift}
        </Button>
      </div>
    </form>
  );
}
