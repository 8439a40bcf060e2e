import { Power, UserPlus } from 'lucide-react';
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
import { toggleBlogUserActive, userRecords } from './api';
import { LazyUserForm as UserForm } from './LazyUserForm';

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


  const newUser = (
    <Button onClick={onNew}>
      <UserPlus aria-hidden="true" />
      Нов потребител
    </Button>
  );

  return (
    <RecordList rows={rows} actions={newUser}>
      {(users, loading) => (
        <ListRows rows={users} busy={loading} label="Потребители" tight>
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
                  <EditRowButton name={name} onClick={() => onEdit(user.id)} />
                  <Button size="sm" variant="outline" onClick={() => onToggle(user)} disabled={busy || self}>
                    <Power aria-hidden="true" />
                    {user.is_active ? 'Деактивирай' : 'Активирай'}
                    <span className="sr-only"> {name}</span>
                  </Button>
                  <DeleteRowButton name={name} onClick={() => onDelete(user)} disabled={busy || self} />
                </div>
              </Card>
            );
          }}
        </ListRows>
      )}
    </RecordList>
  );
}
