import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '../../../shared/schemas/knowledge-base.ts';
import { apiRequest } from '../../lib/api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';

/** The knowledge base's categories: add one, delete an empty one. */
export function CategoriesDialog({
  canWrite,
  onClose,
}: {
  canWrite: boolean;
  onClose: () => void;
}) {
  const categories = useQuery(staffQueries.kbCategories());
  const [name, setName] = useState('');
  const add = useStaffMutation<string, Category>({
    request: (value) => sendJson('POST', staffUrl('kb/categories'), { name: value }),
    success: (made) => `Category “${made.name}” Added`,
    failure: 'Failed to add the category. Please try again.',
    onSuccess: () => setName(''),
  });
  const remove = useStaffMutation<Category>({
    request: (category) => apiRequest('DELETE', staffUrl(`kb/categories/${category.id}`)),
    success: 'Category Deleted',
    failure: 'Failed to delete the category. Please try again.',
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Categories" className="max-w-lg">
        {canWrite && (
          <form
            className="mb-2 flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) add.mutate(name.trim());
            }}
          >
            <FormField label="New category" className="flex-1">
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
            </FormField>
            <Button type="submit" disabled={!name.trim() || add.isPending}>
              Add
            </Button>
          </form>
        )}
        <QueryState query={categories} empty="No categories yet" isEmpty={(rows) => !rows.length}>
          {(rows) => (
            <ul className="divide-y divide-slate-200">
              {rows.map((category) => (
                <li key={category.id} className="flex items-center justify-between gap-2 py-2">
                  <span>
                    {category.name}{' '}
                    <span className="text-sm text-slate-600">
                      ({category.articles} {category.articles === 1 ? 'article' : 'articles'})
                    </span>
                  </span>
                  {canWrite && category.articles === 0 && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Delete ${category.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(category)}
                    >
                      Delete
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
