import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../shared/routes.ts';
import type { ArticleHit } from '../../../shared/schemas/knowledge-base.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';

/** The address a customer opens: the public help center, or the portal for the others. */
export function articleLink(hit: ArticleHit, origin = window.location.origin): string {
  return `${origin}${hit.visibility === 'public' ? paths.helpArticle(hit.slug) : paths.portalArticle(hit.slug)}`;
}

/**
 * "Insert Article" (issue 43): find a knowledge base article the ticket's company may read and
 * put its title and address into the reply where the cursor is.
 */
export function ArticleLinkPicker({
  companyId,
  onInsert,
}: {
  companyId: string;
  onInsert: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const found = useQuery({ ...staffQueries.kbSearch(q, companyId), enabled: open && q.length > 0 });
  const close = () => {
    setOpen(false);
    setText('');
  };
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        Insert Article
      </Button>
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        <DialogContent
          title="Insert an article"
          description="Articles this ticket's company may read; the link goes where the cursor is."
        >
          <FormField label="Search articles">
            <Input type="search" value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          </FormField>
          <ul className="mt-4 grid gap-2" aria-live="polite">
            {q && found.data?.length === 0 && (
              <li className="text-sm text-slate-600">No articles match.</li>
            )}
            {(q ? (found.data ?? []) : []).map((hit) => (
              <li key={hit.slug} className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="text-sm font-medium text-slate-900">{hit.title}</div>
                  <div className="text-xs text-slate-600">{hit.category}</div>
                </div>
                <Button
                  type="button"
                  size="sm"
                  aria-label={`Insert ${hit.title}`}
                  onClick={() => {
                    onInsert(`${hit.title}: ${articleLink(hit)}`);
                    close();
                  }}
                >
                  Insert
                </Button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}
