import { ArrowLeft, CalendarDays, Clock, UserRound } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LazyMarkdown, preloadMarkdown } from '@/site/ui/LazyMarkdown';
import { buttonClasses } from '@/shared/ui/button';
import { Picture } from '@/shared/ui/picture';
import { PageSpinner } from '@/shared/ui/spinner';
import { Island } from '@/site/islands/Island';
import { formatDateBg } from '@/shared/domain/dates';
import { absoluteUrl, shareMeta, usePageMeta } from '@/shared/layout/seo';
import { usePublishedPost } from './post-api';
import { BlogSidebar } from './components/BlogSidebar';
import { ShareButtons } from './components/ShareButtons';
import { categoryPath, postPath } from '@/shared/config/addresses';
import { postDate, readingTimeLabel } from './logic';
import type { BlogPost } from './types';

/**
 * How wide the article is, the hero and the pictures in the text (for the browser's pick of a WebP
 * copy, and the head's preload of the hero): the whole container (100vw - 2rem) under lg, then 2 of
 * 3 columns with gap-10: 66.67vw - 35px, and 819 px once the container stops at 1280.
 */
const POST_COLUMN_SIZES = '(min-width: 1280px) 819px, (min-width: 1024px) calc(66.67vw - 35px), calc(100vw - 2rem)';

function PostNotFound() {
  return (
    <section aria-labelledby="post-not-found" className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 id="post-not-found" className="text-2xl font-bold text-slate-900 md:text-3xl">
        Публикацията не е намерена
      </h1>
      <p className="text-slate-700">Съжаляваме, но публикацията, която търсите, не съществува или е премахната.</p>
      <Link to="/blog" className={buttonClasses()}>
        Към всички публикации
      </Link>
    </section>
  );
}

/** What the article shows of a post: a published one, or a draft in the admin's preview. */
export type ArticlePost = Pick<
  BlogPost,
  'slug' | 'title' | 'content' | 'featured_image' | 'featured_image_alt' | 'category' | 'author' | 'tags' | 'published_at' | 'created_at'
>;

export function PostArticle({ post }: { post: ArticlePost }) {
  const date = postDate(post);
  // the public address (VITE_SITE_URL), the same on the server that prerenders and in the browser
  const pageUrl = absoluteUrl(postPath(post.slug));
  return (
    <article aria-labelledby="post-title" className="flex flex-col gap-6">
      {post.featured_image ? (
        <Picture
          src={post.featured_image}
          alt={post.featured_image_alt?.trim() ?? ''}
          sizes={POST_COLUMN_SIZES}
          width={1200}
          height={630}
          priority
          className="aspect-[1200/630] w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : null}

      <header className="flex flex-col gap-4">
        {post.category ? (
          <Link
            to={categoryPath(post.category)}
            className="w-fit rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
          >
            {post.category}
          </Link>
        ) : null}
        <h1 id="post-title" className="text-3xl font-bold leading-tight tracking-tight text-slate-900 md:text-4xl">
          {post.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-4" />
            {post.author}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={date}>{formatDateBg(date)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {readingTimeLabel(post.content)}
          </span>
        </p>
        {post.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Етикети">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-md bg-slate-100 px-2.5 py-1 text-sm text-slate-700">
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <LazyMarkdown className="text-lg" imageSizes={POST_COLUMN_SIZES}>
        {post.content}
      </LazyMarkdown>

      <footer className="border-t border-slate-200 pt-6">
        <Island name="share" component={ShareButtons} props={{ url: pageUrl, title: post.title }} />
      </footer>
    </article>
  );
}

/** /blog/{slug}: one published post with the blog sidebar. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const query = usePublishedPost(slug);
  const post = query.data?.data ?? null;
  // fetch the markdown renderer while the post is on its way
  useEffect(() => preloadMarkdown(), []);

  usePageMeta(
    post
      ? {
          // the head only: the page itself shows the post's own title and excerpt
          ...shareMeta(post, {
            title: post.title,
            description: post.excerpt,
            image: post.featured_image,
            imageAlt: post.featured_image_alt,
          }),
          canonicalPath: postPath(post.slug),
          // the hero, the page's largest paint: the same sizes as its <Picture>
          preloadImage: post.featured_image ? { src: post.featured_image, sizes: POST_COLUMN_SIZES } : null,
          type: 'article',
        }
      : query.isPending
        ? { title: 'Блог', canonicalPath: postPath(slug) }
        : { title: 'Публикацията не е намерена', noIndex: true },
  );

  return (
    <PostPageBody>
      {query.isPending ? <PageSpinner label="Зареждане на публикацията" /> : post ? <PostArticle post={post} /> : <PostNotFound />}
    </PostPageBody>
  );
}

/** The page around the article: the way back to the blog and the sidebar (the admin's preview uses it too). */
export function PostPageBody({ children }: { children: ReactNode }) {
  return (
    <div className="container py-10 md:py-14">
      <Link to="/blog" className={buttonClasses({ variant: 'ghost', className: '-ml-3 mb-6' })}>
        <ArrowLeft aria-hidden="true" />
        Всички публикации
      </Link>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">{children}</div>
        <Island name="blog-sidebar" component={BlogSidebar} props={{}} />
      </div>
    </div>
  );
}
