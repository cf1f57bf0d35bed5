import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { renderMarkdown } from '../../../shared/markdown.ts';
import {
  articleInputSchema,
  articleVisibilities,
  articleVisibilityLabels,
  type StaffArticle,
} from '../../../shared/schemas/knowledge-base.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { Switch } from '../../ui/switch.tsx';
import { sendJson } from '../api.ts';
import { CompanyPicker } from '../company-picker.tsx';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { QueryState } from '../query-state.tsx';
import { ArticleBody } from '../../knowledge-base/article-body.tsx';

/**
 * The form's fields as typed: tags as one comma-separated line, the company as the picker's
 * value; checked by the API's own schema, its messages under the fields.
 */
const articleFormSchema = z
  .object({
    title: z.string(),
    body: z.string(),
    categoryId: z.string(),
    tags: z.string(),
    visibility: z.string(),
    customerId: z.string(),
    published: z.boolean(),
  })
  .transform((form, ctx) => {
    const parsed = articleInputSchema.safeParse({
      ...form,
      tags: form.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      // The picker keeps its company while another visibility is chosen; only `company` sends it.
      customerId: form.visibility === 'company' && form.customerId ? form.customerId : null,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
type ArticleForm = z.input<typeof articleFormSchema>;
type ArticleControl = Control<ArticleForm, unknown, z.output<typeof articleFormSchema>>;

/** An article's editor (new when `articleId` is null), or its reading for staff who only read. */
export function ArticleEditor({
  articleId,
  readOnly,
  onClose,
}: {
  articleId: string | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const article = useQuery({ ...staffQueries.kbArticle(articleId ?? ''), enabled: !!articleId });
  if (!articleId) return <ArticleForm article={null} onClose={onClose} />;
  if (article.data && !readOnly) return <ArticleForm article={article.data} onClose={onClose} />;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={article.data?.title ?? 'Article'} className="max-w-3xl">
        <QueryState query={article} empty="Article not found">
          {(data) => <ArticleBody html={renderMarkdown(data.body)} />}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function ArticleForm({ article, onClose }: { article: StaffArticle | null; onClose: () => void }) {
  const categories = useQuery(staffQueries.kbCategories());
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <FormDialog<ArticleForm, z.output<typeof articleFormSchema>, StaffArticle>
      title={article ? 'Edit article' : 'New Article'}
      description={
        article
          ? `Revision ${article.revision}, last saved by ${article.updatedBy}. Saving keeps this one in the history.`
          : undefined
      }
      className="max-w-3xl"
      columns={2}
      schema={articleFormSchema}
      defaultValues={{
        title: article?.title ?? '',
        body: article?.body ?? '',
        categoryId: article?.categoryId ?? '',
        tags: article?.tags.join(', ') ?? '',
        visibility: article?.visibility ?? 'public',
        customerId: article?.customerId ?? '',
        published: article?.published ?? false,
      }}
      request={(body) =>
        article
          ? sendJson('PUT', staffUrl(`kb/articles/${article.id}`), body)
          : sendJson('POST', staffUrl('kb/articles'), body)
      }
      success={(saved) => (saved.published ? 'Article Published' : 'Draft Saved')}
      failure="Failed to save the article. Please try again."
      submitLabel="Save"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Title" required error={errors.title?.message} className="sm:col-span-2">
            <Input {...register('title')} />
          </FormField>
          <FormSelect
            control={control}
            name="categoryId"
            label="Category"
            required
            options={categoryOptions}
            placeholder={categoryOptions.length ? 'Choose a category' : 'Add a category first'}
            error={errors.categoryId?.message}
          />
          <FormField label="Tags (comma-separated)" error={errors.tags?.message}>
            <Input {...register('tags')} />
          </FormField>
          <FormSelect
            control={control}
            name="visibility"
            label="Visibility"
            required
            options={articleVisibilities.map((value) => ({
              value,
              label: articleVisibilityLabels[value],
            }))}
            error={errors.visibility?.message}
          />
          <CompanyField control={control} error={errors.customerId?.message} />
          <PublishedField control={control} />
          <BodyField control={control} register={register} error={errors.body?.message} />
        </>
      )}
    </FormDialog>
  );
}

/** The company of a `company` article; hidden for every other visibility. */
function CompanyField({ control, error }: { control: ArticleControl; error?: string }) {
  const visibility = useWatch({ control, name: 'visibility' });
  if (visibility !== 'company') return null;
  return (
    <Controller
      control={control}
      name="customerId"
      render={({ field }) => (
        <FormField label="Company" required error={error}>
          <CompanyPicker value={field.value} onChange={field.onChange} className="sm:w-full" />
        </FormField>
      )}
    />
  );
}

function PublishedField({ control }: { control: ArticleControl }) {
  return (
    <Controller
      control={control}
      name="published"
      render={({ field }) => (
        <div className="flex items-center gap-3 self-end pb-2 sm:col-span-2">
          <Switch id="article-published" checked={field.value} onCheckedChange={field.onChange} />
          <label htmlFor="article-published" className="text-sm font-medium text-slate-800">
            Published (readers see it; a draft only staff)
          </label>
        </div>
      )}
    />
  );
}

/** The Markdown text, with a preview rendered by the same function as every reader's page. */
function BodyField({
  control,
  register,
  error,
}: {
  control: ArticleControl;
  register: UseFormRegister<ArticleForm>;
  error?: string;
}) {
  const [preview, setPreview] = useState(false);
  const body = useWatch({ control, name: 'body' });
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <div className="flex gap-1" role="group" aria-label="Article text view">
        <TabButton pressed={!preview} onClick={() => setPreview(false)}>
          Write
        </TabButton>
        <TabButton pressed={preview} onClick={() => setPreview(true)}>
          Preview
        </TabButton>
      </div>
      {preview ? (
        <div
          className="max-h-96 min-h-40 overflow-y-auto rounded-md border border-slate-300 p-4"
          tabIndex={0}
        >
          <ArticleBody html={renderMarkdown(body)} />
        </div>
      ) : (
        <FormField label="Article text (Markdown)" required error={error}>
          <Textarea rows={12} className="font-mono text-sm" {...register('body')} />
        </FormField>
      )}
      {preview && error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

function TabButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={
        pressed
          ? 'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white'
          : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100'
      }
    >
      {children}
    </button>
  );
}
