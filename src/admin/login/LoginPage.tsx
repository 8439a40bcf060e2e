import { AlertCircle } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../kit/session/auth-context';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/admin/kit/ui/card';
import { errorId, fieldAria } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { site } from '@/shared/config/site';
import { errorMessage } from '@/shared/db/errors';
import { useAdminTitle } from '@/admin/kit/ui/page-title';
import { isPanelPath } from '@/admin/kit/navigation/addresses';
import { authMessages } from '../kit/session/messages';
import { loginError, type LoginField, type LoginValues } from './schema';

// the second step, for accounts with two-factor authentication only: fetched when it is needed
const CodeStep = lazy(() => import('./CodeStep').then((m) => ({ default: m.CodeStep })));

/**
 * Where to go after signing in: the admin address the visitor was sent away from (a tab, a
 * record's form, with its query string), else /blog-admin.
 */
function targetOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && isPanelPath(from) ? from : '/blog-admin';
}

/** /login: e-mail and password required; a success toast and on to the panel, or the error shown. */
export default function LoginPage() {
  useAdminTitle('Вход');
  const { user, loading, notice, signIn, secondFactor, verifyCode, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = targetOf(location.state);

  // Two fields need no form library: a field's error shows once it has been left (or the form
  // sent) and goes as soon as the field is filled, as the other forms of the panel behave.
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [shown, setShown] = useState<Record<LoginField, boolean>>({ email: false, password: false });
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), password: useId() };
  const errorOf = (field: LoginField) => (shown[field] ? loginError(field, values[field]) : undefined);
  const emailError = errorOf('email');
  const passwordError = errorOf('password');
  const control = (field: LoginField) => ({
    ref: fields[field],
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: event.target.value })),
    onBlur: () => setShown((s) => (s[field] ? s : { ...s, [field]: true })),
  });

  if (loading) {
    return (
      <main id="main" tabIndex={-1} className="min-h-screen bg-slate-50">
        <PageSpinner label="Проверка на сесията" />
      </main>
    );
  }
  // Already signed in (and admitted): straight to the panel.
  if (user && !busy) return <Navigate to={target} replace />;

  // The rules check first, and the first field in error takes the focus.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown({ email: true, password: true });
    const invalid = (['email', 'password'] as const).find((field) => loginError(field, values[field]));
    if (invalid) {
      fields[invalid].current?.focus();
      return;
    }
    const { email, password } = values;
    setBusy(true);
    setFailure(null);
    try {
      // an account with two-factor authentication goes on to its code (CodeStep) first
      if ((await signIn(email, password)) === 'second-factor') return;
      toast({ title: authMessages.signInSuccess });
      navigate(target, { replace: true });
    } catch (error) {
      const message = errorMessage(error, authMessages.signInFailedFallback);
      setFailure(message);
      toast({ title: authMessages.signInFailedTitle, description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  // The reason a session was refused (shown after the sign-out), unless this form just failed.
  const alert = failure ?? notice;

  async function passCode(code: string) {
    await verifyCode(code);
    toast({ title: authMessages.signInSuccess });
    navigate(target, { replace: true });
  }

  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <Link to="/" className="mb-6 text-2xl font-bold text-brand-700 hover:text-brand-900">
        {site.name}
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">Вход</h1>
          <CardDescription>Вход в администраторския панел.</CardDescription>
        </CardHeader>
        <CardContent>
          {secondFactor ? (
            <Suspense fallback={<PageSpinner label="Зареждане" />}>
              <CodeStep email={secondFactor.email} onVerify={passCode} onCancel={() => void signOut().catch(() => undefined)} />
            </Suspense>
          ) : (
            <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={busy}>
              {alert && (
                <div role="alert" className="flex gap-3 rounded-md border border-danger-700 bg-danger-50 p-3 text-sm text-danger-700">
                  <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <div>
                    <p className="font-semibold">{authMessages.signInFailedTitle}</p>
                    <p>{alert}</p>
                  </div>
                </div>
              )}
              <div className="grid gap-2">
                <Label htmlFor={ids.email} required>
                  Имейл
                </Label>
                <Input
                  id={ids.email}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  {...control('email')}
                  {...fieldAria(ids.email, emailError)}
                />
                {emailError && (
                  <p id={errorId(ids.email)} className="text-sm text-danger-700">
                    {emailError}
                  </p>
                )}
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.password} required>
                  Парола
                </Label>
                <Input
                  id={ids.password}
                  type="password"
                  autoComplete="current-password"
                  required
                  {...control('password')}
                  {...fieldAria(ids.password, passwordError)}
                />
                {passwordError && (
                  <p id={errorId(ids.password)} className="text-sm text-danger-700">
                    {passwordError}
                  </p>
                )}
              </div>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? 'Влизане...' : 'Вход'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/login/nova-parola" className={buttonClasses({ variant: 'ghost' })}>
          Забравена парола?
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          Към началната страница
        </Link>
      </div>
    </main>
  );
}
