import { site } from '@/shared/config/site';

/** The brand mark and name (the same drawing as the favicon). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg
        viewBox="0 0 64 64"
        width="36"
        height="36"
        aria-hidden="true"
        focusable="false"
        className={compact ? 'size-8 transition-all' : 'size-9 transition-all'}
      >
        <rect width="64" height="64" rx="14" fill="#2f4cc4" />
        <g stroke="#c2d4ff" strokeWidth="3.5" strokeLinecap="round">
          <line x1="32" y1="32" x2="15" y2="17" />
          <line x1="32" y1="32" x2="49" y2="17" />
          <line x1="32" y1="32" x2="15" y2="47" />
          <line x1="32" y1="32" x2="49" y2="47" />
        </g>
        <circle cx="15" cy="17" r="5" fill="#fff" />
        <circle cx="49" cy="17" r="5" fill="#fff" />
        <circle cx="15" cy="47" r="5" fill="#fff" />
        <circle cx="49" cy="47" r="5" fill="#fff" />
        <circle cx="32" cy="32" r="8.5" fill="#2dd4bf" stroke="#fff" strokeWidth="3" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900">{site.name}</span>
    </span>
  );
}
