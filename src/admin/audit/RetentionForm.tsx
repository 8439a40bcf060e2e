import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { useAuditRetention, useSetAuditRetention } from './api';

/** How long the log is kept, in days: what the database's daily job applies. */
export function RetentionForm() {
  const retention = useAuditRetention();
  const save = useSetAuditRetention();
  const [days, setDays] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (retention.data != null) setDays(String(retention.data));
  }, [retention.data]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync(Number(days));
      toast({ title: 'Срокът е запазен', description: `Записите на одита се пазят ${days} дни.` });
    } catch (error) {
      setFailure(errorMessage(error, 'Срокът не можа да бъде запазен.'));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-busy={save.isPending}>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Пазене на записите (дни)</Label>
        <Input id={id} type="number" inputMode="numeric" min={30} max={3650} className="w-32" value={days} onChange={(e) => setDays(e.target.value)} disabled={retention.isPending} />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || retention.isPending}>
        Запази срока
      </Button>
      {failure && (
        <FormAlert title="Грешка" className="w-full">
          {failure}
        </FormAlert>
      )}
    </form>
  );
}
