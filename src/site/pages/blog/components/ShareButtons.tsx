import { Button } from '@/shared/ui/button';
import { shareUrls } from '@/site/pages/blog/logic';

export interface ShareButtonsProps {
  /** Absolute URL of the page being shared. */
  url: string;
  title: string;
}

const POPUP_FEATURES = 'noopener,noreferrer,width=640,height=560';

/** Share buttons for Facebook, Twitter (with the title) and LinkedIn; each opens a new window. */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const links = shareUrls(url, title);
  const open = (href: string) => window.open(href, '_blank', POPUP_FEATURES);
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Споделете публикацията">
      <span className="mr-1 text-sm font-medium text-slate-700">Споделете:</span>
      <Button variant="outline" size="sm" onClick={() => open(links.facebook)} aria-label="Споделете във Facebook">
        Facebook
      </Button>
      <Button variant="outline" size="sm" onClick={() => open(links.twitter)} aria-label="Споделете в Twitter">
        Twitter
      </Button>
      <Button variant="outline" size="sm" onClick={() => open(links.linkedin)} aria-label="Споделете в LinkedIn">
        LinkedIn
      </Button>
    </div>
  );
}
