/*
 * What the bin holds and how the panel names it. The address's filter uses the tabs' words
 * ('posts', 'users'…), the database the table names.
 */

/** The filter's values (the tabs' names) and the table each stands for. */
export const BIN_TABLES = {
  posts: 'blog_posts',
  projects: 'projects',
  clients: 'clients',
  users: 'blog_users',
} as const;

export type BinKind = keyof typeof BIN_TABLES;
export type BinTable = (typeof BIN_TABLES)[BinKind];

export const BIN_KINDS = Object.keys(BIN_TABLES) as BinKind[];

/** How long an item stays in the bin before the daily job deletes it for good. */
export const BIN_DAYS = 30;

interface KindWords {
  /** What the item is: 'Публикация'. */
  name: string;
  /** The filter's option: 'Публикации'. */
  plural: string;
  /** The list it returns to: 'Публикации'. */
  list: string;
  /** 'възстановена' / 'възстановен': the participle agrees with the noun. */
  restored: string;
}

export const BIN_KIND_WORDS: Record<BinTable, KindWords> = {
  blog_posts: { name: 'Публикация', plural: 'Публикации', list: 'Публикации', restored: 'възстановена' },
  projects: { name: 'Проект', plural: 'Проекти', list: 'Проекти', restored: 'възстановен' },
  clients: { name: 'Клиент', plural: 'Клиенти', list: 'Клиенти', restored: 'възстановен' },
  blog_users: { name: 'Потребител', plural: 'Потребители', list: 'Потребители', restored: 'възстановен' },
};

/** When the daily job deletes an item for good at the earliest: BIN_DAYS after its delete. */
export function purgeTime(deletedAt: string): Date | null {
  const at = new Date(deletedAt).getTime();
  return Number.isNaN(at) ? null : new Date(at + BIN_DAYS * 24 * 60 * 60 * 1000);
}
