import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavLocation } from '@/shared/layout/nav';
import { scrollToSection } from '@/site/runtime/scroll';

export interface SectionLinkProps {
  /** id of a landing page section: features, work, journey, testimonials, faq. */
  section: string;
  className?: string;
  children: ReactNode;
  /**
   * Called instead of scrolling at once on the landing page (the mobile menu first closes, then
   * scrolls). Receives the function that scrolls.
   */
  onNavigate?: (scroll: () => void) => void;
}

/**
 * A link to a section of the landing page: on '/' it scrolls there (80 px below the fixed header),
 * elsewhere it goes to '/#section' and the landing page scrolls once it has loaded.
 */
export function SectionLink({ section, className, children, onNavigate }: SectionLinkProps) {
  const { pathname } = useNavLocation();
  if (pathname !== '/') {
    return (
      <Link to={`/#${section}`} className={className} onClick={() => onNavigate?.(() => {})}>
        {children}
      </Link>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const scroll = () => scrollToSection(section);
    if (onNavigate) onNavigate(scroll);
    else scroll();
  };
  return (
    <a href={`#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
