/*
 * Where the previews of the admin's forms live (preview-store.ts has the rest). A module of its own
 * because the app shell's route table needs these few strings, and nothing more of the previews.
 */

export type PreviewKind = 'post' | 'project' | 'privacy';

/**
 * The preview routes (relative, as the route table takes them), their addresses' start, and where a
 * preview without a usable way back returns. Under the panels' paths on purpose: the admin's
 * sign-in guard, the sign-in page's return address and robots.txt's Disallow lines cover them.
 */
export const previewRoutes = {
  post: { route: 'blog-admin/preview/post/:id', base: '/blog-admin/preview/post/', list: '/blog-admin/posts' },
  project: { route: 'work-admin/preview/project/:id', base: '/work-admin/preview/project/', list: '/work-admin/projects' },
  privacy: { route: 'blog-admin/preview/privacy/:id', base: '/blog-admin/preview/privacy/', list: '/blog-admin/privacy' },
} as const satisfies Record<PreviewKind, { route: string; base: string; list: string }>;

/** The address of a preview. */
export const previewPath = (kind: PreviewKind, id: string) => `${previewRoutes[kind].base}${id}`;
