import { Pencil, Power, Trash2, UserPlus } from 'lucide-react';
import { useAuth } from '@/admin/auth/auth-context';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { toast } from '@/shared/ui/use-toast';
import { formatDateBg } from '@/shared/domain/dates';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { adminPaths } from '@/admin/addresses';
import { ListFormTab, type ListOpeners } from '@/admin/kit/ListFormTab';
import { ListRows, ListSearch, ListSection, PagedList } from '@/admin/kit/PagedList';
import { useRowDelete } from '@/admin/kit/use-row-delete';
import { conflictText } from '@/admin/kit/use-edit-conflict';
import { isEditConflict } from '@/admin/kit/concurrency';
import { useListState, type ListState } from '@/admin/kit/use-list-state';
import { useBlogUser, useBlogUserPage, useDeleteBlogUser, useSetBlogUserActive } from './api';
import type { AdminBlogUser } from './types';
import { LazyUserForm as UserForm } from './LazyUserForm';

export const userListText = {
  loading: 'Зареждане на потребители...',
  loadFailed: 'Неуспешно зареждане на потребители.',
  empty: 'Няма потребители',
  noMatch: 'Няма потребители, които отговарят на търсенето.',
  total: 'Общо потребители',
  found: 'Намерени потребители',
  pages: 'Страници на потребителите',
  clear: 'Изчисти търсенето',
} as const;

/** The 'Потребители' tab: 'Управление на потребители', one page at a time. */
export function UsersTab() {
  // the list keeps its search and page while the form is open
  const paging = useListState('users');
  return (
    <ListFormTab
      listPath={adminPaths.users}
      list={(open) => <UserListView paging={paging} {...open} />}
      useRecord={useBlogUser}
      recordText={{
        title: 'Редактиране на потребител',
        loading: 'Зареждане на потребителя...',
        loadFailed: 'Неуспешно зареждане на потребителя.',
        backLabel: 'Назад към потребителите',
      }}
      form={(record, onDone) => <UserForm user={record} onDone={onDone} />}
    />
  );
}

const deleteText = {
  question: 'Сигурни ли сте, че искате да изтриете този потребител?',
  deleted: 'Потребителят е изтрит',
  failed: 'Неуспешно изтриване на потребителя.',
  logAs: '[admin] deleting a user failed',
} as const;

function UserListView({ paging, onNew, onEdit }: { paging: ListState } & ListOpeners) {
  const { blogUser } = useAuth();
  const { search, page } = paging;
  const users = useBlogUserPage(search, page);
  const setActive = useSetBlogUserActive();
  const recheckOnDenied = useRecheckOnDenied();
  const { onDelete, busyId, setBusyId, dialog } = useRowDelete({ remove: useDeleteBlogUser(), text: deleteText });

  function onToggle(user: AdminBlogUser) {
    setBusyId(user.id);
    setActive.mutate(
      { id: user.id, active: !user.is_active, expectedUpdatedAt: user.updated_at },
      {
        onSuccess: (active) => toast({ title: active ? 'Потребителят е активиран' : 'Потребителят е деактивиран' }),
        onError: (error) => {
          console.error('[admin] changing a user status failed', error);
          if (isEditConflict(error)) {
            toast({ title: conflictText.title, description: conflictText.staleAction, variant: 'destructive' });
            return;
          }
          toast({ title: 'Грешка', description: writeErrorMessage(error, 'Неуспешна промяна на статуса на потребителя.'), variant: 'destructive' });
          recheckOnDenied(error);
        },
        onSettled: () => setBusyId(null),
      },
    );
  }

  const newUser = (
    <Button onClick={onNew}>
      <UserPlus aria-hidden="true" />
      Нов потребител
    </Button>
  );

  return (
    <ListSection list={paging} title="Управление на потребители" actions={newUser}>
      <ListSearch
        list={paging}
        name="Търсене в потребителите"
        placeholder="Потребителско име, име или имейл"
      />
      <PagedList list={paging} query={users} text={userListText}>
        {(rows, loading) => (
          <ListRows rows={rows} busy={loading} label="Потребители" tight>
            {(user) => {
              const name = user.full_name?.trim() || user.username;
              const self = blogUser?.id === user.id;
              const busy = busyId === user.id;
              return (
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
                    <Button size="sm" variant="outline" onClick={() => onEdit(user.id)}>
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
                      onClick={() => onDelete(user)}
                      disabled={busy || self}
                    >
                      <Trash2 aria-hidden="true" />
                      Изтрий<span className="sr-only"> {name}</span>
                    </Button>
                  </div>
                </Card>
              );
            }}
          </ListRows>
        )}
      </PagedList>
      {dialog}
    </ListSection>
  );
}
