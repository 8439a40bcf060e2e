/*
 * The root of every admin query key, in a module free of React so the record queries (which the
 * backend tests run in Node) share it: signing out (use-logout.ts, and AuthProvider when the
 * session ends) removes the queries under it, so the next user sees nothing the previous one
 * loaded. tests/unit/admin-query-keys.test.ts keeps every admin key under it.
 */
export const ADMIN_QUERY_ROOT = 'admin';
