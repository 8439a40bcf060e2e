import type { ReactNode } from 'react';

export interface LandingSectionProps {
  /** The section's anchor (the header's links scroll to it); its title's id is `${id}-title`. */
  id: string;
  title: string;
  /** The line under the title, if any. */
  lead?: ReactNode;
  /** Background and padding: 'bg-white py-16 md:py-24'. */
  className: string;
  /** The container's width, when not the page's. */
  containerClassName?: string;
  /** Where the title stands, when not centred in a column of 2xl. */
  headerClassName?: string;
  children: ReactNode;
}

/** A landing section below the fold with its centred title (and lead) above what it shows. */
export function LandingSection({
  id,
  title,
  lead,
  className,
  containerClassName = 'container',
  headerClassName = 'mx-auto max-w-2xl text-center',
  children,
}: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`below-fold scroll-mt-20 ${className}`}>
      <div className={containerClassName}>
        <div className={headerClassName}>
          <h2 id={`${id}-title`} className="text-3xl font-bold text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-slate-700">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
