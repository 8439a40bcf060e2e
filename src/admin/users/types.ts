import type { Tables } from '@/shared/db/database.types';

type UserRow = Tables<'blog_users'>;

/**
 * A blog user as the admin lists it (never the password column). updated_at is the version
 * loaded: the guard of this user's next update or delete.
 */
export type AdminBlogUser = Pick<UserRow, 'id' | 'username' | 'full_name' | 'email' | 'is_active' | 'created_at' | 'updated_at' | 'role' | 'invited_at'>;

/** What the user form writes; password only when one was typed. */
export interface BlogUserPayload {
  username: string;
  full_name: string | null;
  email: string;
  is_active: boolean;
  /** 'admin', 'consultant' or 'author' (kit/session/roles.ts). */
  role: string;
  password?: string;
}
