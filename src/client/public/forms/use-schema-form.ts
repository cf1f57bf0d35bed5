import { useState } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';

type Issue = { path: PropertyKey[]; message: string };
type SafeParse<Out> = { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
/** The one method of a zod schema the form needs (so zod itself loads lazily). */
export type FormSchema<Out> = { safeParse(value: unknown): SafeParse<Out> };

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The parsed data, or null and the first message of each invalid field. */
function parse<Field extends string, Out>(
  schema: FormSchema<Out>,
  values: Record<Field, string>,
): { data: Out | null; errors: FieldErrors<Field> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { data: null, errors };
}

/**
 * Form state validated by a shared zod schema that is loaded on first need, keeping zod
 * out of the JavaScript every public page downloads. Errors show after the first submit
 * and then follow each edit.
 */
export function useSchemaForm<Field extends string, Out>(
  loadSchema: () => Promise<FormSchema<Out>>,
  initial: Record<Field, string>,
  /** The fields as the page shows them when hydrated, and the server's messages for them. */
  answered?: { values: Partial<Record<Field, string>>; errors: FieldErrors<Field> },
) {
  const [values, setValues] = useState(() => ({ ...initial, ...answered?.values }));
  const [schema, setSchema] = useState<FormSchema<Out> | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState(answered?.errors ?? {});

  // Derived, not stored: after the first submit the errors follow each edit; until then,
  // a page answered by the server keeps showing the server's messages.
  const errors: FieldErrors<Field> =
    submitted && schema ? parse(schema, values).errors : serverErrors;

  return {
    values,
    errors,
    /** Loads the schema ahead of the first submit (on focus). */
    prepare: () => {
      if (!schema) void loadSchema().then((s) => setSchema(() => s));
    },
    // From the latest state, not this render's: two edits before a re-render (autofill,
    // fast typing while React is busy) must both be kept.
    setField: (field: Field, value: string) => setValues((prev) => ({ ...prev, [field]: value })),
    /**
     * Validates everything. Valid: the body to send, every field as typed, blanks and spaces
     * included (spec section 7; the server trims), the honeypot only when something filled
     * it. Otherwise null, with the errors shown.
     */
    validate: async (): Promise<Partial<Record<Field, string>> | null> => {
      const s = schema ?? (await loadSchema());
      if (!schema) setSchema(() => s);
      setSubmitted(true);
      if (parse(s, values).data === null) return null;
      const { [HONEYPOT_FIELD]: honeypot, ...fields } = values as Record<string, string>;
      return (honeypot ? values : fields) as Partial<Record<Field, string>>;
    },
    reset: () => {
      setValues(initial);
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
