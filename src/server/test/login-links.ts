// Drives the server-rendered sign-in forms through app.inject, as a browser would.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type FormState = { cookie: string; csrf: string };

/** Cookies a response sets, as one Cookie header (name=value pairs only). */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies) out[c.name] = c.value;
  return out;
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field in page`);
  return match[1];
}

/** GET a page with a form: its CSRF cookie and hidden token. */
export async function openForm(app: FastifyInstance, url: string, cookie = ''): Promise<FormState> {
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const set = cookieHeader(cookiesOf(res));
  return {
    cookie: [cookie, set].filter(Boolean).join('; '),
    csrf: hiddenField(res.body, '_csrf'),
  };
}

export function postForm(
  app: FastifyInstance,
  url: string,
  form: FormState,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie,
      ...headers,
    },
    payload: new URLSearchParams({ _csrf: form.csrf, ...fields }).toString(),
  });
}

export async function requestLink(
  app: FastifyInstance,
  email: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const form = await openForm(app, '/api/login');
  return postForm(app, '/api/login', form, { email }, headers, remoteAddress);
}

/** The token and code of a sign-in mail's text. */
export function linkOf(text: string): { url: string; token: string; code: string } {
  const url = /(https?:\/\/\S+\/api\/login\/verify\?token=\S+)/.exec(text)?.[1];
  const code = /code[^:]*: (\d{6})/.exec(text)?.[1];
  if (!url || !code) throw new Error(`no sign-in link in mail:\n${text}`);
  return { url, token: new URL(url).searchParams.get('token') ?? '', code };
}
