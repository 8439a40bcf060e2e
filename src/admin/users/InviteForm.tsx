import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import type { StaffRole } from '@/admin/kit/session/roles';
import { RoleFields } from './RoleFields';
import { EMAIL_PATTERN, userFormText } from './schema';
import { useInvitations } from './invitations';

/**
 * 'Покана по имейл': an address, a name and a role; the person gets GoTrue's invitation and sets
 * their own password from it. What was typed stays when the invitation is refused.
 */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const { send } = useInvitations();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<StaffRole>('author');
  const [problem, setProblem] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const address = email.trim();
    const invalid = !address ? userFormText.emailRequired : EMAIL_PATTERN.test(address) ? null : userFormText.emailInvalid;
    setEmailError(invalid);
    if (invalid) return;
    try {
      await send.mutateAsync({ email: address, full_name: fullName.trim(), role });
      toast({ title: 'Поканата е изпратена', description: `${address} ще получи имейл, от който да зададе парола.` });
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'Поканата не можа да бъде изпратена. Опитайте отново.'));
    }
  }

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <h2 id={id('heading')} className="text-xl font-semibold text-slate-900">
        Покана по имейл
      </h2>
      <Card className="max-w-2xl">
        <CardContent className="pt-6">
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-labelledby={id('heading')} aria-busy={send.isPending}>
            {problem && <FormAlert title="Грешка">{problem}</FormAlert>}
            <p className="text-sm text-slate-700">
              Човекът получава имейл с връзка, която важи 24 часа; от нея задава своя парола. Поканата може да се изпрати отново или да се
              оттегли, докато не е приета.
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor={id('email')}>Имейл</Label>
              <Input
                id={id('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? id('email-error') : undefined}
              />
              {emailError && (
                <p id={id('email-error')} role="alert" className="text-sm text-red-700">
                  {emailError}
                </p>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id('name')}>Пълно име</Label>
              <Input id={id('name')} autoComplete="off" value={fullName} onChange={(e) => setFullName(e.target.value)} />
            </div>
            <RoleFields idPrefix={uid} inputProps={(value) => ({ name: id('role'), checked: role === value, onChange: () => setRole(value) })} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={onDone} disabled={send.isPending}>
                Отказ
              </Button>
              <Button type="submit" disabled={send.isPending}>
                <Send aria-hidden="true" />
                {send.isPending ? 'Изпращане...' : 'Изпрати поканата'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
