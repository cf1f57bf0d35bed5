import { useState } from 'react';

type Issue = { path: PropertyKey[]; message: string };
type SafeParse<Out> = { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
/** The one method of a zod schema the form needs (so zod itself loads lazily). */
export type FormSchema<Out> = { safeParse(value: unknown): SafeParse<Out> };

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Form state validated by a shared zod schema that is loaded on first need, keeping zod
 * out of the JavaScript every public page downloads. Errors show after the first submit
 * and then follow each edit.
 */
export function useSchemaForm<Field extends string, Out>(
  loadSchema: () => Promise<FormSchema<Out>>,
  initial: Record<Field, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [schema, setSchema] = useState<FormSchema<Out> | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const check = (s: FormSchema<Out>, v: Record<Field, string>): Out | null => {
    const result = s.safeParse(v);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors<Field> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      next[field] ??= issue.message;
    }
    setErrors(next);
    return null;
  };

  return {
    values,
    errors,
    /** Loads the schema ahead of the first submit (on focus). */
    prepare: () => {
      if (!schema) void loadSchema().then((s) => setSchema(() => s));
    },
    setField: (field: Field, value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted && schema) check(schema, next);
    },
    /** Validates everything; the parsed data, or null with the errors shown. */
    validate: async (): Promise<Out | null> => {
      const s = schema ?? (await loadSchema());
      if (!schema) setSchema(() => s);
      setSubmitted(true);
      return check(s, values);
    },
    reset: () => {
      setValues(initial);
      setErrors({});
      setSubmitted(false);
    },
  };
}
