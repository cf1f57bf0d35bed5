import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getJson } from '../../lib/api.ts';
import {
  articleHitSchema,
  articleSchema,
  type ArticleHit,
} from '../../../shared/schemas/knowledge-base.ts';

const kbUrl = (companyId: string, path: string) => `/api/customers/${companyId}/kb/${path}`;

/** One article the company's users may read (issue 43). */
export function useArticle(companyId: string | undefined, slug: string) {
  return useQuery({
    queryKey: ['portal-kb-article', companyId ?? '', slug],
    queryFn: () => getJson(kbUrl(companyId ?? '', `articles/${slug}`), articleSchema),
    enabled: !!companyId && !!slug,
  });
}

/**
 * The articles suggested for a new ticket's subject so far; each ask is recorded with the form
 * (ADR 078), so it is a POST, made once per pause in typing.
 */
export function useSuggestions(companyId: string, formId: string, subject: string) {
  return useQuery({
    queryKey: ['portal-kb-suggestions', companyId, formId, subject],
    queryFn: async (): Promise<ArticleHit[]> =>
      articleHitSchema
        .array()
        .parse(
          await (
            await apiRequest('POST', kbUrl(companyId, 'suggestions'), { formId, subject })
          ).json(),
        ),
    enabled: subject.length > 0,
    staleTime: Infinity,
    // The last articles stay while the next words are asked about: no flicker while typing.
    placeholderData: keepPreviousData,
    // A failed suggestion is no reason to bother the customer: the form works without it.
    retry: false,
  });
}

/** "This answered my question": counts the form as answered by the article. */
export function useDeflection(companyId: string) {
  return useMutation({
    mutationFn: (body: { formId: string; slug: string }) =>
      apiRequest('POST', kbUrl(companyId, 'deflections'), body),
  });
}

/**
 * A new ticket form's id (a version 4 UUID). `crypto.randomUUID` exists only on https and
 * localhost; the portal also opens at a LAN address over http, where `getRandomValues` works.
 */
export function newFormId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
