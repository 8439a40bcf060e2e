import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../kit/session/auth-context';
import { requestPasswordReset, setOwnPassword } from '../kit/session/email-links';
import { Card, CardContent, CardDescription, CardHeader } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { passwordProblem, passwordText } from '@/admin/kit/forms/password-rule';
import { Button, buttonClasses } from '@/shared/ui/button';
import { errorId, fieldAria } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { site } from '@/shared/config/site';
import { useAdminTitle } from '@/admin/kit/ui/page-title';
import { isSpentLink, isTooSoon, passwordPageText as text, passwordRefusal } from './password-words';

const CodeStep = lazy(() => import('./CodeStep').then((m) => ({ default: m.CodeStep })));

type Kind = 'recovery' | 'invite';

/**
 * The pages the auth e-mails link to: /login/nova-parola (a password reset; without a link, the
 * form that asks for one) and /login/pokana (an invitation). Opening the link changes nothing: the
 * page's button uses it (mail scanners open every link), then the person sets their password
 * (after their authenticator's code, if they have one) and enters the panel.
 */
export default function PasswordPage({ kind }: { kind: Kind }) {
  const words = text[kind];
  useAdminTitle(words.title);
  const { secondFactor, verifyCode, acceptLink, user, loading } = useAuth();
  const query = new URLSearchParams(useLocation().search);
  const tokenHash = query.get('token_hash') ?? '';
  const linked = tokenHash !== '' && query.get('type') === kind;
  const [used, setUsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function takeLink() {
    setBusy(true);
    setFailure(null);
    try {
      await acceptLink(tokenHash, kind);
      setUsed(true);
    } catch (error) {
      setFailure(isSpentLink(error) ? words.spent : errorMessage(error, words.spent));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (loading) body = <PageSpinner label="Проверка на сесията" />;
  else if (used && secondFactor) {
    body = (
      <Suspense fallback={<PageSpinner label="Зареждане" />}>
        <CodeStep email={secondFactor.email} onVerify={verifyCode} onCancel={() => setUsed(false)} />
      </Suspense>
    );
  } else if (used && user) body = <NewPassword />;
  else if (linked) {
    body = (
      <div className="grid gap-5">
        {failure && <FormAlert title="Грешка">{failure}</FormAlert>}
        <p className="text-sm text-slate-700">{words.linkIntro}</p>
        <Button size="lg" onClick={() => void takeLink()} disabled={busy} aria-busy={busy}>
          {busy ? text.using : words.use}
        </Button>
      </div>
    );
  } else body = kind === 'recovery' ? <AskForLink /> : <FormAlert title="Грешка">{text.invite.missing}</FormAlert>;

  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <Link to="/" className="mb-6 text-2xl font-bold text-brand-700 hover:text-brand-900">
        {site.name}
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">{words.title}</h1>
          <CardDescription>Администраторски панел.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      <Link to="/login" className={buttonClasses({ variant: 'ghost', className: 'mt-6' })}>
        {text.toLogin}
      </Link>
    </main>
  );
}

/** The reset's request: an address, and the same answer whether or not it has an account. */
function AskForLink() {
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const id = useId();
  const problem = shown && email.trim() === '' ? 'Моля, въведете имейл.' : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    if (email.trim() === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      await requestPasswordReset(email);
      setOutcome({ ok: true, message: text.recovery.asked });
    } catch (error) {
      setOutcome({ ok: false, message: isTooSoon(error) ? text.recovery.tooSoon : errorMessage(error, text.failed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={busy}>
      <p className="text-sm text-slate-700">{text.recovery.askIntro}</p>
      {outcome && !outcome.ok && <FormAlert title="Грешка">{outcome.message}</FormAlert>}
      {outcome?.ok && (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
          {outcome.message}
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={id} required>
          Имейл
        </Label>
        <Input id={id} type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} onBlur={() => setShown(true)} {...fieldAria(id, problem)} />
        {problem && (
          <p id={errorId(id)} className="text-sm text-danger-700">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? text.recovery.asking : text.recovery.ask}
      </Button>
    </form>
  );
}

/** The new password, twice; then the panel. */
function NewPassword() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { password: useId(), repeat: useId() };
  const passwordError = shown ? (passwordProblem(values.password, true) ?? undefined) : undefined;
  const repeatError = shown && !passwordError && values.repeat !== values.password ? text.mismatch : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    if (passwordProblem(values.password, true) || values.repeat !== values.password) return;
    setBusy(true);
    setFailure(null);
    try {
      await setOwnPassword(values.password);
      toast({ title: text.saved });
      navigate('/blog-admin', { replace: true });
    } catch (error) {
      setFailure(passwordRefusal(error, passwordText.tooShort));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={busy}>
      {failure && <FormAlert title="Грешка">{failure}</FormAlert>}
      <div className="grid gap-2">
        <Label htmlFor={ids.password} required>
          {text.password}
        </Label>
        <Input id={ids.password} type="password" autoComplete="new-password" required value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} {...fieldAria(ids.password, passwordError)} />
        {passwordError && (
          <p id={errorId(ids.password)} className="text-sm text-danger-700">
            {passwordError}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.repeat} required>
          {text.repeat}
        </Label>
        <Input id={ids.repeat} type="password" autoComplete="new-password" required value={values.repeat} onChange={(e) => setValues((v) => ({ ...v, repeat: e.target.value }))} {...fieldAria(ids.repeat, repeatError)} />
        {repeatError && (
          <p id={errorId(ids.repeat)} className="text-sm text-danger-700">
            {repeatError}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? text.saving : text.save}
      </Button>
    </form>
  );
}
