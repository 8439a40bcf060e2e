import { Link } from 'react-router-dom';
import { Badge } from '@/shared/ui/badge';
import { Picture } from '@/shared/ui/picture';
import { formatDateBg } from '@/shared/domain/dates';
import { postPath } from '@/shared/config/addresses';
import { postDate } from '@/site/pages/blog/logic';
import type { BlogPostSummary } from '@/site/pages/blog/types';

/**
 * How wide a card's picture is (for the browser's pick of a WebP copy): the listing's grid of the
 * container (100vw - 2rem, 1248 px from 1280) has 1, md: 2 and lg: 3 columns with gap-6.
 */
const POST_CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) calc(33.33vw - 27px), (min-width: 768px) calc(50vw - 28px), calc(100vw - 2rem)';

export interface PostCardProps {
  post: BlogPostSummary;
  /** Cards of the first row load their image at once; later ones lazily. */
  eagerImage?: boolean;
}

/** A post in the listing grid; the whole card is one link to the post (the title is its name). */
export function PostCard({ post, eagerImage = false }: PostCardProps) {
  const date = postDate(post);
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      {post.featured_image ? (
        <Picture
          src={post.featured_image}
          alt={post.featured_image_alt?.trim() ?? ''}
          sizes={POST_CARD_SIZES}
          width={1200}
          height={630}
          eager={eagerImage}
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <time dateTime={date}>{formatDateBg(date)}</time>
          {post.category ? <Badge variant="secondary">{post.category}</Badge> : null}
        </div>
        <h2 className="text-xl font-semibold leading-snug text-slate-900">
          <Link
            to={postPath(post.slug)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:ring-0 group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="line-clamp-3 text-slate-700">{post.excerpt}</p> : null}
        <p className="mt-auto text-sm text-slate-600">Автор: {post.author}</p>
      </div>
    </article>
  );
}
