import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { errorId, fieldAria } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Spinner } from '@/shared/ui/spinner';
import { emailError, MESSAGES } from '@/shared/forms/validation';
import { useBotTrap } from '@/site/dialogs/bot-trap';
import { PrivacyNoticeLink } from '@/site/ui/PrivacyNoticeLink';
import { DataRequestRefusal, REQUEST_FAILED, requestPersonalData, type DataRequestKind } from './api';
import { formText, KIND_LABELS, pageText } from './texts';

const KINDS: DataRequestKind[] = ['copy', 'erasure'];

/**
 * The form of /lichni-danni, an island: an address and what is asked for, a copy or the erasure.
 * Its fields are read from the form when it is sent, so what was typed before the island woke is
 * kept. The database answers the same for every address and mails the link that confirms the
 * request; the form says so, the same whatever the address, and never shows what the database
 * knows. The bot trap and the proof of work are those of the other public forms. No form library:
 * the page stays light.
 */
export function DataRequestForm() {
  const id = useId();
  const { field: trap, values: trapValues } = useBotTrap();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [emailProblem, setEmailProblem] = useState<string>();
  const [kindProblem, setKindProblem] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const done = useRef<HTMLHeadingElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const kind = KINDS.find((k) => k === data.get('kind'));
    const badEmail = email ? (emailError(email) ?? undefined) : MESSAGES.email;
    setEmailProblem(badEmail);
    setKindProblem(kind ? undefined : formText.kindMissing);
    setRefusal(undefined);
    if (badEmail || !kind) {
      event.currentTarget.querySelector<HTMLElement>(badEmail ? 'input[name="email"]' : 'input[name="kind"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await requestPersonalData(email, kind, trapValues());
      setSent(true);
      requestAnimationFrame(() => done.current?.focus());
    } catch (error) {
      console.warn('[data-request] refused', error instanceof DataRequestRefusal ? error.original : error);
      setRefusal(error instanceof DataRequestRefusal ? error.message : REQUEST_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-6">
        <h2 ref={done} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {formText.sentTitle}
        </h2>
        <p className="text-slate-700">{formText.sent}</p>
        <div>
          <Button variant="outline" onClick={() => setSent(false)}>
            {formText.again}
          </Button>
        </div>
      </div>
    );
  }

  const emailId = `${id}-email`;
  const kindId = `${id}-kind`;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="relative grid gap-5 rounded-lg border border-slate-200 bg-white p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Заявка
      </h2>
      {trap}
      <div className="grid gap-1.5">
        <Label htmlFor={emailId} required>
          {formText.email}
        </Label>
        <Input id={emailId} name="email" type="email" autoComplete="email" required {...fieldAria(emailId, emailProblem)} />
        {emailProblem && (
          <p id={errorId(emailId)} className="text-sm text-danger-700">
            {emailProblem}
          </p>
        )}
      </div>
      <fieldset className="grid gap-2" aria-describedby={kindProblem ? errorId(kindId) : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">{formText.kind}</legend>
        {KINDS.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600">
            <input type="radio" name="kind" value={kind} required className="mt-1 size-4 accent-brand-600" aria-invalid={kindProblem ? true : undefined} />
            <span className="grid gap-0.5">
              <span className="font-medium text-slate-900">{KIND_LABELS[kind]}</span>
              <span className="text-sm text-slate-700">{kind === 'copy' ? pageText.copyHint : pageText.erasureHint}</span>
            </span>
          </label>
        ))}
        {kindProblem && (
          <p id={errorId(kindId)} className="text-sm text-danger-700">
            {kindProblem}
          </p>
        )}
      </fieldset>
      {refusal && (
        <p role="alert" className="text-sm text-danger-700">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" size="lg" disabled={busy}>
          {busy && <Spinner size="sm" label={formText.sending} />}
          {formText.send}
        </Button>
        <PrivacyNoticeLink />
      </div>
    </form>
  );
}
