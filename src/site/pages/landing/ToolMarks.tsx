import type { ReactElement } from 'react';
import type { ToolName } from '@/site/content/landing';

/*
 * Simple marks for the tools in the hero network, drawn for this site (no third-party logo files):
 * each is a coloured tile with a small geometric sign that hints at the tool. All 40×40.
 */

const tile = (fill: string) => <rect x="1" y="1" width="38" height="38" rx="10" fill={fill} />;

const MARKS: Record<ToolName, ReactElement> = {
  OpenAI: (
    <>
      {tile('#0f172a')}
      {[0, 60, 120, 180, 240, 300].map((deg) => (
        <ellipse
          key={deg}
          cx="20"
          cy="13.5"
          rx="3.6"
          ry="7"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          transform={`rotate(${deg} 20 20)`}
        />
      ))}
    </>
  ),
  Python: (
    <>
      {tile('#eef2ff')}
      <path d="M20 8c-5 0-7 2-7 5v4h8v2H10c-2.5 0-3 3-3 6s1 6 3 6h3v-4c0-3 2-5 5-5h6c2 0 3-1 3-3v-6c0-3-2-5-7-5z" fill="#3b6fb6" />
      <path d="M20 32c5 0 7-2 7-5v-4h-8v-2h11c2.5 0 3-3 3-6s-1-6-3-6h-3v4c0 3-2 5-5 5h-6c-2 0-3 1-3 3v6c0 3 2 5 7 5z" fill="#f2c230" />
      <circle cx="16.5" cy="11.5" r="1.3" fill="#fff" />
      <circle cx="23.5" cy="28.5" r="1.3" fill="#fff" />
    </>
  ),
  React: (
    <>
      {tile('#0b1220')}
      {[0, 60, 120].map((deg) => (
        <ellipse key={deg} cx="20" cy="20" rx="13" ry="5" fill="none" stroke="#5fd3f3" strokeWidth="1.6" transform={`rotate(${deg} 20 20)`} />
      ))}
      <circle cx="20" cy="20" r="2.6" fill="#5fd3f3" />
    </>
  ),
  n8n: (
    <>
      {tile('#fde7ef')}
      <path d="M9 20h7m8 0h7M24 20l4-6m-4 6 4 6" stroke="#d6336c" strokeWidth="2" strokeLinecap="round" />
      <circle cx="9" cy="20" r="3" fill="#d6336c" />
      <circle cx="20" cy="20" r="4" fill="none" stroke="#d6336c" strokeWidth="2" />
      <circle cx="30" cy="13" r="3" fill="#d6336c" />
      <circle cx="30" cy="27" r="3" fill="#d6336c" />
    </>
  ),
  PostgreSQL: (
    <>
      {tile('#e8eef8')}
      <ellipse cx="20" cy="12" rx="9" ry="3.5" fill="#336791" />
      <path d="M11 12v15c0 2 4 3.5 9 3.5s9-1.5 9-3.5V12" fill="none" stroke="#336791" strokeWidth="2" />
      <path d="M11 19.5c0 2 4 3.5 9 3.5s9-1.5 9-3.5" fill="none" stroke="#336791" strokeWidth="2" />
    </>
  ),
  Supabase: (
    <>
      {tile('#0f2a22')}
      <path d="M22 7 10 23h9l-1 10 12-16h-9z" fill="#3ecf8e" />
    </>
  ),
  'Node.js': (
    <>
      {tile('#ecf7e8')}
      <path d="m20 7 11 6.5v13L20 33 9 26.5v-13z" fill="none" stroke="#3c873a" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M20 14v12" stroke="#3c873a" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
  TypeScript: (
    <>
      {tile('#2f74c0')}
      <path d="M10 17h10M15 17v12M31 18.5c-.8-1-2-1.5-3.3-1.5-2 0-3.2 1-3.2 2.5 0 3.6 7 2 7 6 0 1.7-1.5 2.8-3.6 2.8-1.6 0-3-.6-3.8-1.8" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
};

export function ToolMark({ name, className }: { name: ToolName; className?: string }) {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false" className={className}>
      {MARKS[name]}
    </svg>
  );
}

/** The agency's own mark for the centre of the network. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false" className={className}>
      <rect x="2" y="2" width="60" height="60" rx="18" fill="#2f4cc4" />
      <circle cx="32" cy="32" r="6" fill="#fff" />
      {[0, 72, 144, 216, 288].map((deg) => (
        <g key={deg} transform={`rotate(${deg} 32 32)`}>
          <path d="M32 26V15" stroke="#c2d4ff" strokeWidth="2.5" strokeLinecap="round" />
          <circle cx="32" cy="13" r="3.5" fill="#2dd4bf" />
        </g>
      ))}
    </svg>
  );
}
