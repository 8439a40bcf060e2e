import { Eye } from 'lucide-react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { usePageMeta } from '@/shared/layout/seo';
import { parsePreview, previewRoutes, previewStorageKey, readPreviewText, type PreviewKind } from '@/shared/preview/preview-store';
import { preloadMarkdown } from '@/site/ui/LazyMarkdown';
import { PostArticle, PostPageBody } from '@/site/pages/blog/BlogPostPage';
import { ProjectArticle } from '@/site/pages/projects/ProjectPage';
import { PrivacyPreview } from '@/site/pages/privacy/PrivacyPreview';
import { previewPost, previewPrivacy, previewProject, safeBackTo } from './preview-data';

/*
 * /blog-admin/preview/post/<id>, /work-admin/preview/project/<id> and /blog-admin/preview/privacy/<id>:
 * a post, a project or the privacy notice as its public page will show it, from the values the admin's form stored for this preview, saved or
 * not. The public page's own article and frame render it, inside the site's layout, under a banner
 * that says it is a preview. The route is behind the admin's sign-in (src/app/preview-routes.tsx),
 * never prerendered, and kept out of search; it follows the form's later edits live.
 */

export const previewPageText = {
  banner: 'Преглед — тази версия не е публикувана',
  back: 'Назад към формата',
  missingTitle: 'Прегледът не е намерен',
  missing:
    'Няма чернова за този преглед в този браузър: прегледите се пазят 24 часа, а адресът работи само в браузъра, в който е отворен. Върнете се към формата и натиснете „Преглед“ отново.',
  toList: { post: 'Към публикациите', project: 'Към проектите', privacy: 'Към „Поверителност“' },
} as const;

/** The stored text of the preview, kept in step with other tabs' writes (the 'storage' event). */
function useStoredPreview(id: string): string | null {
  const subscribe = useMemo(
    () => (changed: () => void) => {
      const onStorage = (event: StorageEvent) => {
        // null key: the whole storage was cleared
        if (event.key === null || event.key === previewStorageKey(id)) changed();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    [id],
  );
  return useSyncExternalStore(
    subscribe,
    () => readPreviewText(id),
    () => null,
  );
}

function PreviewBanner({ backTo }: { backTo: string }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="container flex flex-wrap items-center justify-between gap-3 py-3">
        <p className="flex items-center gap-2 font-semibold text-amber-950">
          <Eye aria-hidden="true" className="size-5 shrink-0" />
          {previewPageText.banner}
        </p>
        <Link to={backTo} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {previewPageText.back}
        </Link>
      </div>
    </div>
  );
}

function PreviewMissing({ kind }: { kind: PreviewKind }) {
  return (
    <section aria-labelledby="preview-missing" className="container flex flex-col items-start gap-4 py-16">
      <h1 id="preview-missing" className="text-2xl font-bold text-slate-900 md:text-3xl">
        {previewPageText.missingTitle}
      </h1>
      <p className="max-w-2xl text-slate-700">{previewPageText.missing}</p>
      <Link to={previewRoutes[kind].list} className={buttonClasses()}>
        {previewPageText.toList[kind]}
      </Link>
    </section>
  );
}

export default function PreviewPage({ kind }: { kind: PreviewKind }) {
  const { id = '' } = useParams();
  const raw = useStoredPreview(id);
  const entry = useMemo(() => {
    const parsed = parsePreview(raw, new Date());
    return parsed?.kind === kind ? parsed : null;
  }, [raw, kind]);
  const post = useMemo(() => (entry && kind === 'post' ? previewPost(entry.data) : null), [entry, kind]);
  const project = useMemo(() => (entry && kind === 'project' ? previewProject(entry.data) : null), [entry, kind]);
  const privacy = useMemo(() => (entry && kind === 'privacy' ? previewPrivacy(entry.data) : null), [entry, kind]);
  const shown = post ?? project ?? (privacy ? { title: 'Политика за поверителност' } : null);
  useEffect(() => preloadMarkdown(), []);

  // never indexed, whatever it shows; the title says at once which tab is the preview
  usePageMeta({ title: `Преглед: ${shown ? shown.title.trim() || 'без заглавие' : 'не е намерен'}`, noIndex: true });

  if (!entry || !shown) return <PreviewMissing kind={kind} />;
  const backTo = safeBackTo(entry.backTo, previewRoutes[kind].list);
  return (
    <>
      <PreviewBanner backTo={backTo} />
      {post ? (
        <PostPageBody>
          <PostArticle post={post} />
        </PostPageBody>
      ) : project ? (
        <ProjectArticle project={project} />
      ) : privacy ? (
        <PrivacyPreview body={privacy.body} />
      ) : null}
    </>
  );
}
