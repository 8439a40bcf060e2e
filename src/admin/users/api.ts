import { adminKeys } from '@/admin/kit/data/api';
import { defineRecordType } from '@/admin/kit/records/record-type';
import { recordWords } from '@/admin/kit/records/record-words';
import { recordKeys } from '@/admin/kit/records/record-queries';
import type { AdminBlogUser, BlogUserPayload } from './types';

/*
 * Blog users: who may sign in to the panels. Everything the tab reads and writes comes from this
 * declaration (kit/records/record-type.ts), plus the switch that activates or deactivates one.
 */

/** The columns the list and the form show (blog_users.password is write-only: it is always empty when read). */
const USER_COLUMNS = 'id, username, full_name, email, is_active, created_at, updated_at, role, invited_at';

export const userRecords = defineRecordType<AdminBlogUser, AdminBlogUser, BlogUserPayload>({
  name: 'users',
  table: 'blog_users',
  listColumns: USER_COLUMNS,
  searchColumns: ['username', 'full_name', 'email'],
  // the author picker, and the posts list (it shows each post's user); visitors see no blog user
  alsoStale: { keys: [adminKeys.authors, recordKeys('posts').pages()] },
  text: recordWords({
    one: 'потребител',
    theOne: 'потребителя',
    theOneSubject: 'Потребителят',
    many: 'потребители',
    theMany: 'потребителите',
    gender: 'masculine',
    title: 'Управление на потребители',
    searchHint: 'Потребителско име, име или имейл',
    empty: 'Няма потребители',
    logDelete: '[admin] deleting a user failed',
  }),
});

/** Activates or deactivates the version of the user the list showed; resolves to whether it is active now. */
export async function toggleBlogUserActive(user: Pick<AdminBlogUser, 'id' | 'is_active' | 'updated_at'>): Promise<boolean> {
  const active = !user.is_active;
  await userRecords.update(user.id, { is_active: active }, user.updated_at);
  return active;
}
