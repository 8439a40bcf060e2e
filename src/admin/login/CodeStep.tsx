import { AlertCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { CodeField } from '../kit/ui/CodeField';
import { codeProblem, codeRefusal, secondFactorText } from '../kit/session/second-factor-words';

/**
 * The sign-in's second step for an account with two-factor authentication: the six digits of its
 * authenticator app. A wrong or expired code is said in Bulgarian and the field keeps focus for
 * the next one; 'Изход' ends the half-made session.
 */
export function CodeStep({ email, onVerify, onCancel }: { email: string; onVerify: (code: string) => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const problem = shown ? codeProblem(code) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    if (codeProblem(code)) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onVerify(code);
    } catch (error) {
      setFailure(codeRefusal(error));
      setCode('');
      setShown(false);
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {secondFactorText.title}
      </h2>
      <p className="text-sm text-slate-700">
        {secondFactorText.prompt} <span className="text-slate-500">({email})</span>
      </p>
      {failure && (
        <div role="alert" className="flex gap-3 rounded-md border border-danger-700 bg-danger-50 p-3 text-sm text-danger-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{failure}</p>
        </div>
      )}
      <CodeField id={id} label={secondFactorText.label} value={code} onChange={setCode} onBlur={() => setShown(true)} problem={problem} autoFocus inputRef={field} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? secondFactorText.busy : secondFactorText.submit}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
        {secondFactorText.cancel}
      </Button>
    </form>
  );
}
