import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { ADMIN_QUERY_ROOT } from '@/admin/kit/session/query-root';
import { codeProblem, codeRefusal } from '@/admin/kit/session/second-factor-words';
import { CodeField } from '@/admin/kit/ui/CodeField';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { useReturnFocus } from '@/admin/kit/ui/return-focus';
import { confirmTotp, enrolTotp, removeTotp, totpFactors, type Enrolment } from './api';

export const twoFactorText = {
  title: 'Двуфакторна защита',
  about:
    'При вход освен паролата ще въвеждате и шестцифрен код от приложение за удостоверяване на телефона си (Google Authenticator, Microsoft Authenticator, 1Password и др.).',
  off: 'Двуфакторната защита е изключена.',
  on: 'Двуфакторната защита е включена: при всеки вход се иска код от приложението.',
  enable: 'Включи',
  scan: 'Сканирайте QR кода с приложението или въведете ключа ръчно, после въведете кода, който то показва.',
  qrAlt: 'QR код за приложението за удостоверяване',
  key: 'Ключ за ръчно въвеждане',
  code: 'Код от приложението',
  confirm: 'Потвърди',
  checking: 'Проверка...',
  cancel: 'Отказ',
  disable: 'Изключи',
  disableAsk: 'Да изключа ли двуфакторната защита? Входът ще иска само паролата.',
  disableYes: 'Да, изключи',
  enabled: 'Двуфакторната защита е включена',
  disabled: 'Двуфакторната защита е изключена',
  enrolFailed: 'Двуфакторната защита не можа да бъде включена.',
  disableFailed: 'Двуфакторната защита не можа да бъде изключена.',
  loadFailed: 'Не успяхме да прочетем настройката. Моля, опитайте отново.',
} as const;

const factorsKey = [ADMIN_QUERY_ROOT, 'totp-factors'] as const;

/** The base32 secret in groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * 'Двуфакторна защита': the signed-in account's TOTP factor. Off: what it is and 'Включи'; then
 * the QR code and the key with the first code's field; on: 'Изключи' with one more question. A
 * chunk of its own, fetched when the header's button is pressed (TwoFactorButton.tsx).
 */
export default function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // opened by the header's button, not by a Radix trigger: the focus goes back to it on close
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title={twoFactorText.title} description={twoFactorText.about} maxWidth={520} onCloseAutoFocus={returnFocus}>
          <TwoFactorBody onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function TwoFactorBody({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: factorsKey, queryFn: totpFactors });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const verified = factors.data?.find((f) => f.status === 'verified');

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  if (factors.isPending) return <Spinner label="Зареждане" />;
  if (factors.isError) return <FormAlert title="Грешка">{twoFactorText.loadFailed}</FormAlert>;

  if (enrolment) {
    return (
      <EnrolmentStep
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={async () => {
          await queryClient.invalidateQueries({ queryKey: factorsKey });
          toast({ title: twoFactorText.enabled });
          onDone();
        }}
      />
    );
  }

  return (
    <div className="grid gap-4">
      {failure && <FormAlert title="Грешка">{failure}</FormAlert>}
      <p className="text-sm font-medium text-slate-900" role="status">
        {verified ? twoFactorText.on : twoFactorText.off}
      </p>
      {!verified && (
        <Button onClick={() => void run(async () => setEnrolment(await enrolTotp()), twoFactorText.enrolFailed)} disabled={busy} aria-busy={busy}>
          {twoFactorText.enable}
        </Button>
      )}
      {verified && !asking && (
        <Button variant="outline" onClick={() => setAsking(true)}>
          {twoFactorText.disable}
        </Button>
      )}
      {verified && asking && (
        <div className="grid gap-3 rounded-md border border-slate-200 p-3">
          <p className="text-sm text-slate-800">{twoFactorText.disableAsk}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setAsking(false)} disabled={busy}>
              {twoFactorText.cancel}
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              aria-busy={busy}
              onClick={() =>
                void run(async () => {
                  await removeTotp(verified.id);
                  await queryClient.invalidateQueries({ queryKey: factorsKey });
                  setAsking(false);
                  toast({ title: twoFactorText.disabled });
                }, twoFactorText.disableFailed)
              }
            >
              {twoFactorText.disableYes}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function EnrolmentStep({ enrolment, onCancel, onConfirmed }: { enrolment: Enrolment; onCancel: () => void; onConfirmed: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const problem = shown ? codeProblem(code) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    setShown(true);
    if (codeProblem(code)) return;
    setBusy(true);
    setFailure(null);
    try {
      await confirmTotp(enrolment.factorId, code);
      await onConfirmed();
    } catch (error) {
      setFailure(codeRefusal(error));
      setCode('');
      setShown(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <p className="text-sm text-slate-800">{twoFactorText.scan}</p>
      <img src={enrolment.qrCode} alt={twoFactorText.qrAlt} width={192} height={192} className="mx-auto size-48 rounded-md border border-slate-200 bg-white p-2" />
      <div className="grid gap-1">
        <p className="text-sm font-medium text-slate-900">{twoFactorText.key}</p>
        <code className="select-all break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">{grouped(enrolment.secret)}</code>
      </div>
      {failure && <FormAlert title="Грешка">{failure}</FormAlert>}
      <CodeField id={id} label={twoFactorText.code} value={code} onChange={setCode} onBlur={() => setShown(true)} problem={problem} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {twoFactorText.cancel}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? twoFactorText.checking : twoFactorText.confirm}
        </Button>
      </div>
    </form>
  );
}
