import { z } from 'zod';

/** The parts of our OpenAPI document (server plugins/openapi.ts) the reference page shows. */
const operationSchema = z.object({
  tags: z.array(z.string()).optional(),
  description: z.string().optional(),
  parameters: z
    .array(z.object({ name: z.string(), in: z.string(), required: z.boolean().optional() }))
    .optional(),
  requestBody: z
    .object({ content: z.record(z.string(), z.object({ schema: z.unknown() })) })
    .optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional() })).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type Operation = z.infer<typeof operationSchema>;

export const openApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export type Endpoint = { method: string; path: string; operation: Operation };

/** Every operation, grouped by its first tag, in the document's order. */
export function endpointsByTag(doc: OpenApiDocument): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'other';
      groups.set(tag, [
        ...(groups.get(tag) ?? []),
        { method: method.toUpperCase(), path, operation },
      ]);
    }
  }
  return groups;
}

export type BodyField = { name: string; type: string; required: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON Schema's type in a few words: `string`, `integer`, `"read" | "read-write"`. */
function typeOf(schema: unknown): string {
  if (!isRecord(schema)) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (typeof schema.type === 'string')
    return schema.format ? `${schema.type} (${String(schema.format)})` : schema.type;
  return 'object';
}

/** The top-level fields of a JSON request body, or of a multipart form. */
export function bodyFields(operation: Operation): BodyField[] {
  const content = operation.requestBody?.content ?? {};
  const schema = Object.values(content)[0]?.schema;
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties).map(([name, field]) => ({
    name,
    type: typeOf(field),
    required: required.includes(name),
  }));
}

/** How a route is opened: by the session cookie, also by an API token, or by anyone. */
export function accessOf(operation: Operation): string {
  const schemes = new Set((operation.security ?? []).flatMap((s) => Object.keys(s)));
  if (schemes.has('apiToken')) return 'Session cookie or API token (staff)';
  if (schemes.has('session')) return 'Session cookie';
  return 'Public';
}

const acronyms: Record<string, string> = { api: 'API', sla: 'SLA', sso: 'SSO' };

/** A tag as a heading: "staff sla-targets" reads "Staff: SLA targets". */
export function tagLabel(tag: string): string {
  const words = (part: string) =>
    part
      .split('-')
      .map((w) => acronyms[w] ?? w)
      .join(' ')
      .replace(/\bsign (in|ins)\b/g, 'sign-$1');
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const [first = '', ...rest] = tag.split(' ');
  return first === 'staff' && rest.length > 0
    ? `Staff: ${capital(words(rest.join(' ')))}`
    : capital(words(tag));
}
