/** A blog user as the admin lists it (never the password column). */
export interface AdminBlogUser {
  id: string;
  username: string;
  full_name: string | null;
  email: string;
  is_active: boolean;
  created_at: string;
  /** The version loaded: the guard of this user's next update or delete (issue 15). */
  updated_at: string;
}

/** An entry of the post form's author picker. */
export interface AuthorOption {
  id: string;
  username: string;
  full_name: string | null;
  is_active: boolean;
}

/** What the user form writes; password only when one was typed. */
export interface BlogUserPayload {
  username: string;
  full_name: string | null;
  email: string;
  is_active: boolean;
  password?: string;
}
