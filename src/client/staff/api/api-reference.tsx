import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { getJson } from '../../lib/api.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { QueryState } from '../query-state.tsx';
import {
  accessOf,
  bodyFields,
  endpointsByTag,
  openApiDocumentSchema,
  tagLabel,
  type Endpoint,
} from './openapi-document.ts';

const OPENAPI_URL = '/api/openapi.json';
const methodTone: Record<string, BadgeTone> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'amber',
  PATCH: 'amber',
  DELETE: 'red',
};

/** Text with `code` spans, as the document writes them (Markdown's inline code only). */
function WithCode({ text }: { text: string }) {
  return text.split('`').map((part, i) =>
    i % 2 ? (
      <code key={i} className="text-[0.85em] text-slate-900">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/** The API reference, read from the same OpenAPI document tools and integrators use. */
export function ApiReference() {
  const doc = useQuery({
    queryKey: [OPENAPI_URL],
    queryFn: () => getJson(OPENAPI_URL, openApiDocumentSchema),
    staleTime: Infinity,
  });
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => (doc.data ? endpointsByTag(doc.data) : new Map()), [doc.data]);
  const needle = filter.trim().toLowerCase();
  return (
    <Card>
      <CardHeader
        title="API Reference"
        action={
          <a href={OPENAPI_URL} className="text-sm font-medium text-brand-700 underline">
            OpenAPI 3.1 document
          </a>
        }
      />
      <div className="px-5 pt-2 pb-4">
        <p className="text-sm text-slate-600">
          <WithCode text={doc.data?.info.description ?? ''} />
        </p>
        <label className="mt-3 block max-w-sm text-sm font-medium text-slate-800">
          Filter endpoints
          <Input
            className="mt-1.5"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="e.g. invoices"
          />
        </label>
      </div>
      <QueryState query={doc} empty="No endpoints">
        {() => (
          <div className="divide-y divide-slate-200 border-t border-slate-200">
            {[...groups].map(([tag, endpoints]: [string, Endpoint[]]) => {
              const shown = endpoints.filter(
                (e) => !needle || `${e.method} ${e.path} ${tag}`.toLowerCase().includes(needle),
              );
              if (shown.length === 0) return null;
              return (
                <section key={tag} aria-labelledby={`api-tag-${tag}`} className="px-5 py-4">
                  <h3 id={`api-tag-${tag}`} className="text-sm font-semibold text-slate-900">
                    {tagLabel(tag)}
                  </h3>
                  <ul className="mt-2 grid gap-2">
                    {shown.map((e) => (
                      <EndpointItem key={`${e.method} ${e.path}`} endpoint={e} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function EndpointItem({ endpoint: { method, path, operation } }: { endpoint: Endpoint }) {
  const fields = bodyFields(operation);
  const params = operation.parameters ?? [];
  return (
    <li>
      <details className="group rounded-md border border-slate-200">
        {/* The flex summary loses the browser's triangle: a chevron says the row opens. */}
        <summary className="flex cursor-pointer items-start gap-2 px-3 py-2 text-sm">
          <ChevronRight
            className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
            aria-hidden
          />
          <Badge tone={methodTone[method] ?? 'gray'} className="w-16 shrink-0 justify-center">
            {method}
          </Badge>
          {/* On a phone a path wraps after a slash, never inside a segment ("sla-targets"). */}
          <code className="min-w-0 break-words text-slate-900">
            {path.split('/').map((part, i) => (
              <Fragment key={i}>
                {i > 0 && (
                  <>
                    /<wbr />
                  </>
                )}
                <span className="whitespace-nowrap">{part}</span>
              </Fragment>
            ))}
          </code>
        </summary>
        <div className="grid gap-2 border-t border-slate-200 px-3 py-3 text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">Access: </span>
            {accessOf(operation)}
            {operation.description && (
              <>
                . <WithCode text={operation.description} />
              </>
            )}
          </p>
          {params.length > 0 && (
            <p>
              <span className="font-medium text-slate-900">Parameters: </span>
              {params.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}
            </p>
          )}
          {fields.length > 0 && (
            <div>
              <span className="font-medium text-slate-900">Body:</span>
              <ul className="mt-1 grid gap-0.5 pl-4">
                {fields.map((f) => (
                  <li key={f.name}>
                    <code>{f.name}</code>
                    {f.required ? '' : '?'}: <span className="text-slate-600">{f.type}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p>
            <span className="font-medium text-slate-900">Answers: </span>
            {Object.keys(operation.responses ?? {}).join(', ')}
          </p>
        </div>
      </details>
    </li>
  );
}
