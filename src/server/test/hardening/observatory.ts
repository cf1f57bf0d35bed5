/**
 * The Mozilla HTTP Observatory rules that headers alone decide, scored as it
 * scores them (baseline 100, penalties first, bonuses only from 90 up; A+ is 100+).
 * https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring
 */
export type Headers = Record<string, string | string[] | number | undefined>;
export type Finding = { test: string; result: string; modifier: number };
export type Score = { score: number; grade: string; findings: Finding[] };

const ONE_YEAR = 31_536_000;
const SIX_MONTHS = 15_768_000;
const PRIVATE_REFERRER = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
];

const header = (h: Headers, name: string): string | undefined => {
  const v = h[name.toLowerCase()];
  return v === undefined ? undefined : Array.isArray(v) ? v.join(', ') : String(v);
};

export function parseCsp(value: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const UNSAFE = ["'unsafe-inline'", "'unsafe-eval'", 'data:', 'http:', 'https:', '*'];

function scoreCsp(value: string | undefined, https: boolean): Finding {
  const test = 'content-security-policy';
  if (!value) return { test, result: 'csp-not-implemented', modifier: -25 };
  const csp = parseCsp(value);
  const effective = (name: string) => csp.get(name) ?? csp.get('default-src');
  const script = effective('script-src');
  const object = effective('object-src');
  const style = effective('style-src') ?? [];
  if (!script || !object)
    return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if ([...script, ...object].some((s) => UNSAFE.includes(s) && s !== "'unsafe-eval'"))
    return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if (https && [...csp.values()].flat().some((s) => s === 'http:' || s.startsWith('http://')))
    return { test, result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  if ([...csp.values()].flat().includes("'unsafe-eval'"))
    return { test, result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (style.some((s) => UNSAFE.includes(s)))
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  if (csp.get('default-src')?.join(' ') === "'none'")
    return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  return { test, result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

function scoreHsts(value: string | undefined): Finding {
  const test = 'strict-transport-security';
  if (!value) return { test, result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /max-age=(\d+)/i.exec(value);
  if (!maxAge) return { test, result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge[1]) >= SIX_MONTHS
    ? { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function scoreFraming(h: Headers): Finding {
  const test = 'x-frame-options';
  const ancestors = parseCsp(header(h, 'content-security-policy') ?? '').get('frame-ancestors');
  if (ancestors && !ancestors.includes('*'))
    return { test, result: 'xfo-implemented-via-csp', modifier: 5 };
  const xfo = header(h, 'x-frame-options')?.toLowerCase();
  if (xfo === 'deny' || xfo === 'sameorigin')
    return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  return { test, result: 'x-frame-options-not-implemented', modifier: -20 };
}

function scoreReferrer(value: string | undefined): Finding {
  const test = 'referrer-policy';
  if (!value) return { test, result: 'referrer-policy-not-implemented', modifier: 0 };
  // The browser uses the last policy it understands.
  const last =
    value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .pop() ?? '';
  if (PRIVATE_REFERRER.includes(last))
    return { test, result: 'referrer-policy-private', modifier: 5 };
  return [
    'origin',
    'origin-when-cross-origin',
    'unsafe-url',
    'no-referrer-when-downgrade',
  ].includes(last)
    ? { test, result: 'referrer-policy-unsafe', modifier: -5 }
    : { test, result: 'referrer-policy-header-invalid', modifier: -5 };
}

function scoreCookies(setCookie: string[], https: boolean, hsts: boolean): Finding {
  const test = 'cookies';
  if (setCookie.length === 0) return { test, result: 'cookies-not-found', modifier: 0 };
  const attrs = setCookie.map((c) => c.split(';').map((p) => p.trim().toLowerCase()));
  const has = (a: string[], name: string) => a.some((p) => p === name || p.startsWith(`${name}=`));
  // Every cookie of ours is a session credential or a flag about one: treat all as session cookies.
  if (attrs.some((a) => !has(a, 'secure')))
    return https && hsts
      ? { test, result: 'cookies-session-without-secure-flag-but-protected-by-hsts', modifier: -10 }
      : { test, result: 'cookies-session-without-secure-flag', modifier: -40 };
  if (attrs.some((a) => !has(a, 'httponly')))
    return { test, result: 'cookies-session-without-httponly-flag', modifier: -30 };
  const sameSite = attrs.map((a) => a.find((p) => p.startsWith('samesite='))?.slice(9));
  if (sameSite.some((s) => s !== undefined && s !== 'lax' && s !== 'strict'))
    return { test, result: 'cookies-samesite-flag-invalid', modifier: -20 };
  return sameSite.every((s) => s !== undefined)
    ? { test, result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { test, result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function scoreCors(value: string | undefined): Finding {
  const test = 'cross-origin-resource-sharing';
  return value?.trim() === '*'
    ? {
        test,
        result: 'cross-origin-resource-sharing-implemented-with-universal-access',
        modifier: -50,
      }
    : { test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
}

function scoreNosniff(value: string | undefined): Finding {
  const test = 'x-content-type-options';
  return value?.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test, result: 'x-content-type-options-not-implemented', modifier: -5 };
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/**
 * Scores one response's headers. `https` is whether the site is served over
 * TLS (APP_URL); over plain HTTP there is no HSTS to score and cookies cannot be Secure,
 * so those two rules apply to https deployments only.
 */
export function scoreHeaders(h: Headers, opts: { https: boolean }): Score {
  const raw = h['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const hsts = header(h, 'strict-transport-security');
  const findings = [
    scoreCsp(header(h, 'content-security-policy'), opts.https),
    scoreFraming(h),
    scoreNosniff(header(h, 'x-content-type-options')),
    scoreReferrer(header(h, 'referrer-policy')),
    scoreCors(header(h, 'access-control-allow-origin')),
    ...(opts.https ? [scoreHsts(hsts), scoreCookies(setCookie, true, !!hsts)] : []),
  ];
  const penalties = findings.filter((f) => f.modifier < 0).reduce((s, f) => s + f.modifier, 0);
  const bonuses = findings.filter((f) => f.modifier > 0).reduce((s, f) => s + f.modifier, 0);
  const base = Math.max(0, 100 + penalties);
  const score = base >= 90 ? base + bonuses : base;
  const grade = GRADES.find(([min]) => score >= min)?.[1] ?? 'F';
  return { score, grade, findings };
}

/** Sources that let content in by kind rather than by origin, nonce or hash. */
const UNSAFE_KEYWORDS = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'"];
/** Where code or styles come from: there, whole schemes and wildcards are unsafe too. */
const CODE_DIRECTIVES = ['default-src', 'script-src', 'style-src', 'object-src'];

/**
 * The stricter ask on top of the score, which tolerates 'unsafe-inline' in
 * style-src: every unsafe source of the CSP as "directive source"; none is allowed.
 */
export function unsafeCspSources(h: Headers): string[] {
  const found: string[] = [];
  for (const [name, sources] of parseCsp(header(h, 'content-security-policy') ?? '')) {
    const code = CODE_DIRECTIVES.some((d) => name.startsWith(d));
    for (const source of sources) {
      const s = source.toLowerCase();
      if (UNSAFE_KEYWORDS.includes(s) || (code && UNSAFE.includes(s))) found.push(`${name} ${s}`);
    }
  }
  return found;
}

/** The other stricter ask: a year of HSTS. */
export function hstsMaxAge(h: Headers): number {
  return Number(/max-age=(\d+)/i.exec(header(h, 'strict-transport-security') ?? '')?.[1] ?? 0);
}
export { ONE_YEAR };
