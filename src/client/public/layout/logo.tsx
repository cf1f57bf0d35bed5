import { Link } from 'wouter';
import { company } from '../../../shared/company.ts';
import { paths } from '../../../shared/routes.ts';

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      href={paths.home}
      className={
        tone === 'dark'
          ? 'flex items-center gap-2 text-lg font-bold text-slate-900'
          : 'flex items-center gap-2 text-lg font-bold text-white'
      }
    >
      {/* The favicon's mark, inline: no extra request above the fold. */}
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1d4ed8" />
        <path d="M7 23V9h3.2l5.8 8 5.8-8H25v14h-3.2v-8.6L16 22l-5.8-7.6V23z" fill="#fff" />
      </svg>
      {company.name}
    </Link>
  );
}
