import { Pencil, Power, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/app/auth-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDateBg } from '@/lib/dates';
import { useRecheckOnDenied, writeErrorMessage } from '../api';
import { ErrorCard } from '../components/ErrorCard';
import { useConfirm } from '../components/useConfirm';
import { useBlogUsers, useDeleteBlogUser, useSetBlogUserActive } from './api';
import type { AdminBlogUser } from './types';
import { UserForm } from './UserForm';

type View = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; user: AdminBlogUser };

/** The 'Потребители' tab: 'Управление на потребители' (spec section 2). */
export function UsersTab() {
  const [view, setView] = useState<View>({ mode: 'list' });
  const { blogUser } = useAuth();
  const users = useBlogUsers();
  const setActive = useSetBlogUserActive();
  const remove = useDeleteBlogUser();
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (view.mode !== 'list') {
    return <UserForm key={view.mode === 'edit' ? view.user.id : 'new'} user={view.mode === 'edit' ? view.user : null} onDone={() => setView({ mode: 'list' })} />;
  }

  function onToggle(user: AdminBlogUser) {
    setBusyId(user.id);
    setActive.mutate(
      { id: user.id, active: !user.is_active },
      {
        onSuccess: (active) => toast({ title: active ? 'Потребителят е активиран' : 'Потребителят е деактивиран' }),
        onError: (error) => {
          console.error('[admin] changing a user status failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешна промяна на статуса на потребителя.'), variant: 'destructive' });
          recheckOnDenied(error);
        },
        onSettled: () => setBusyId(null),
      },
    );
  }

  async function onDelete(user: AdminBlogUser) {
    if (!(await confirm({ message: 'Сигурни ли сте, че искате да изтриете този потребител?' }))) return;
    setBusyId(user.id);
    remove.mutate(user.id, {
      onSuccess: () => toast({ title: 'Потребителят е изтрит' }),
      onError: (error) => {
        console.error('[admin] deleting a user failed', error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешно изтриване на потребителя.'), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  }

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-users-heading" className="text-xl font-semibold text-slate-900">
          Управление на потребители
        </h2>
        <Button onClick={() => setView({ mode: 'new' })}>
          <UserPlus aria-hidden="true" />
          Нов потребител
        </Button>
      </div>
      {users.isPending ? (
        <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на потребители...
        </p>
      ) : users.isError ? (
        <ErrorCard message="Неуспешно зареждане на потребители." onRetry={() => void users.refetch()} retrying={users.isFetching} />
      ) : users.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Няма потребители</p>
      ) : (
        <ul className="grid gap-3" aria-label="Потребители">
          {users.data.map((user) => {
            const name = user.full_name?.trim() || user.username;
            const self = blogUser?.id === user.id;
            const busy = busyId === user.id;
            return (
              <li key={user.id}>
                <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                  <div className="grid gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{name}</h3>
                      <Badge variant={user.is_active ? 'success' : 'destructive'}>{user.is_active ? 'Активен' : 'Неактивен'}</Badge>
                      {self && <Badge variant="secondary">Вие</Badge>}
                    </div>
                    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Потребителско име:</dt>
                        <dd>{user.username}</dd>
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
                    <Button size="sm" variant="outline" onClick={() => setView({ mode: 'edit', user })}>
                      <Pencil aria-hidden="true" />
                      Редактирай<span className="sr-only"> {name}</span>
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => onToggle(user)} disabled={busy || self}>
                      <Power aria-hidden="true" />
                      {user.is_active ? 'Деактивирай' : 'Активирай'}
                      <span className="sr-only"> {name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-danger-700 hover:bg-danger-50"
                      onClick={() => void onDelete(user)}
                      disabled={busy || self}
                    >
                      <Trash2 aria-hidden="true" />
                      Изтрий<span className="sr-only"> {name}</span>
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {dialog}
    </section>
  );
}
