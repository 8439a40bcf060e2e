import { MailPlus, Power, Send, ShieldOff, UserPlus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { DeleteRowButton, EditRowButton } from '@/admin/kit/ui/row-buttons';
import { useAuth } from '@/admin/kit/session/auth-context';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/ui/card';
import { formatDateBg } from '@/shared/domain/dates';
import { RecordTab, type RecordListViewProps } from '@/admin/kit/records/RecordTab';
import { useRecordRows } from '@/admin/kit/records/use-record-rows';
import { useRowAction } from '@/admin/kit/saving/use-row-action';
import { ListRows } from '@/admin/kit/lists/PagedList';
import { RecordList } from '@/admin/kit/records/RecordList';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { toggleBlogUserActive, userRecords } from './api';
import { ROLE_NAMES, isStaffRole } from '@/admin/kit/session/roles';
import { useResetFactor, useStaffFactors } from './second-factor';
import { LazyUserForm as UserForm } from './LazyUserForm';
import { InviteForm } from './InviteForm';
import { invitationExpired, useInvitations } from './invitations';

/** The 'Потребители' tab: 'Управление на потребители', one page at a time. */
export function UsersTab() {
  return <RecordTab type={userRecords} list={UserListView} form={(record, onDone) => <UserForm user={record} onDone={onDone} />} />;
}

function UserListView({ paging, onNew, onEdit }: RecordListViewProps) {
  const { blogUser } = useAuth();
  const rows = useRecordRows(userRecords, paging);
  const { onDelete, busyId, setBusyId } = rows;
  const onToggle = useRowAction({
    mutation: userRecords.useRowMutation(toggleBlogUserActive),
    setBusyId,
    done: (active) => ({ title: active ? 'Потребителят е активиран' : 'Потребителят е деактивиран' }),
    failed: 'Неуспешна промяна на статуса на потребителя.',
    logAs: '[admin] changing a user status failed',
  });
  const factors = useStaffFactors();
  const resetFactor = useResetFactor();
  const { confirm, dialog } = useConfirm();
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);

  async function onResend(id: string, name: string) {
    try {
      await invitations.resend.mutateAsync(id);
      toast({ title: 'Поканата е изпратена отново', description: `${name}: старата връзка вече не важи.` });
    } catch (error) {
      toast({ title: 'Грешка', description: errorMessage(error, 'Поканата не можа да бъде изпратена.'), variant: 'destructive' });
    }
  }

  async function onWithdraw(id: string, name: string) {
    const yes = await confirm({
      title: 'Оттегляне на поканата',
      message: `${name} няма да може да приеме поканата; връзката в имейла спира да работи.`,
      confirmLabel: 'Оттегли',
    });
    if (!yes) return;
    try {
      await invitations.withdraw.mutateAsync(id);
      toast({ title: 'Поканата е оттеглена', description: name });
    } catch (error) {
      toast({ title: 'Грешка', description: errorMessage(error, 'Поканата не можа да бъде оттеглена.'), variant: 'destructive' });
    }
  }

  async function onResetFactor(id: string, name: string) {
    const yes = await confirm({
      title: 'Нулиране на двуфакторната защита',
      message: `${name} ще влиза само с паролата си, докато не включи защитата отново. Сесиите на потребителя се прекратяват.`,
      confirmLabel: 'Нулирай',
    });
    if (!yes) return;
    try {
      await resetFactor.mutateAsync(id);
      toast({ title: 'Двуфакторната защита е нулирана', description: name });
    } catch (error) {
      toast({ title: 'Грешка', description: errorMessage(error, 'Неуспешно нулиране на двуфакторната защита.'), variant: 'destructive' });
    }
  }

  const newUser = (
    <>
      <Button variant="outline" onClick={() => setInviting(true)}>
        <MailPlus aria-hidden="true" />
        Покани
      </Button>
      <Button onClick={onNew}>
        <UserPlus aria-hidden="true" />
        Нов потребител
      </Button>
    </>
  );

  if (inviting) return <InviteForm onDone={() => setInviting(false)} />;

  return (
    <>
      {dialog}
      <RecordList rows={rows} actions={newUser}>
        {(users, loading) => (
          <ListRows rows={users} busy={loading} label="Потребители" tight>
            {(user) => {
              const name = user.full_name?.trim() || user.username;
              const self = blogUser?.id === user.id;
              const busy = busyId === user.id;
              const invited = user.invited_at !== null;
              const expired = invited && invitationExpired(user.invited_at!);
              return (
                <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                  <div className="grid gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{name}</h3>
                      <Badge variant={user.is_active ? 'success' : 'destructive'}>{user.is_active ? 'Активен' : 'Неактивен'}</Badge>
                      {self && <Badge variant="secondary">Вие</Badge>}
                      {invited && <Badge variant={expired ? 'destructive' : 'secondary'}>{expired ? 'Поканата е изтекла' : 'Поканен'}</Badge>}
                      {factors.data?.has(user.id) && <Badge variant="secondary">Двуфакторна защита</Badge>}
                    </div>
                    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Потребителско име:</dt>
                        <dd>{user.username}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Роля:</dt>
                        <dd>{isStaffRole(user.role) ? ROLE_NAMES[user.role] : user.role}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Имейл:</dt>
                        <dd className="break-all">{user.email}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Създаден:</dt>
                        <dd>{formatDateBg(user.created_at)}</dd>
                      </div>
                    </dl>
                    {self && <p className="text-xs text-slate-600">Не можете да деактивирате или изтриете собствения си профил.</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {invited && (
                      <>
                        <Button size="sm" variant="outline" onClick={() => void onResend(user.id, name)} disabled={invitations.resend.isPending}>
                          <Send aria-hidden="true" />
                          Изпрати поканата отново <span className="sr-only">на {name}</span>
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => void onWithdraw(user.id, name)} disabled={invitations.withdraw.isPending}>
                          <XCircle aria-hidden="true" />
                          Оттегли поканата <span className="sr-only">на {name}</span>
                        </Button>
                      </>
                    )}
                    <EditRowButton name={name} onClick={() => onEdit(user.id)} />
                    <Button size="sm" variant="outline" onClick={() => onToggle(user)} disabled={busy || self}>
                      <Power aria-hidden="true" />
                      {user.is_active ? 'Деактивирай' : 'Активирай'}
                      <span className="sr-only"> {name}</span>
                    </Button>
                    {!self && factors.data?.has(user.id) && (
                      <Button size="sm" variant="outline" onClick={() => void onResetFactor(user.id, name)} disabled={busy || resetFactor.isPending}>
                        <ShieldOff aria-hidden="true" />
                        Нулирай двуфакторната защита{' '}
                        <span className="sr-only">на {name}</span>
                      </Button>
                    )}
                    <DeleteRowButton name={name} onClick={() => onDelete(user)} disabled={busy || self} />
                  </div>
                </Card>
              );
            }}
          </ListRows>
        )}
      </RecordList>
    </>
  );
}
