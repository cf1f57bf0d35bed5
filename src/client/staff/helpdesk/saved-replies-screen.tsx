import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import {
  savedReplyInputSchema,
  savedReplyPlaceholders,
  type SavedReply,
} from '../../../shared/schemas/saved-replies.ts';
import { apiRequest } from '../../lib/api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { EditDeleteButtons } from '../edit-delete-buttons.tsx';
import { Card } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** The help desk's saved replies: one library every agent inserts from (Ctrl+/ in a reply). */
export function SavedRepliesScreen() {
  const replies = useQuery(staffQueries.savedReplies());
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const remove = useStaffMutation<SavedReply>({
    request: (r) => apiRequest('DELETE', staffUrl(`saved-replies/${r.id}`)),
    success: 'Saved Reply Deleted',
    failure: 'Failed to delete the saved reply. Please try again.',
  });
  // Agents insert them; admins manage the library (ADR 058).
  const canManage = useStaffCan('savedReplies');
  return (
    <>
      <PageHeader
        title="Saved Replies"
        action={canManage && <Button onClick={() => setEditing('new')}>New Saved Reply</Button>}
      />
      <Card>
        <p className="border-b border-slate-200 p-4 text-sm text-slate-600">
          Insert one into a reply with the &ldquo;Saved Replies&rdquo; button or Ctrl+/ in the reply
          box. Placeholders are filled in for the ticket:{' '}
          {Object.keys(savedReplyPlaceholders).map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <code className="text-xs text-slate-900">{`{{${p}}}`}</code>
            </span>
          ))}
          .
        </p>
        <QueryState query={replies} empty="No saved replies yet">
          {(rows) => (
            <DataTable
              caption="Saved Replies"
              columns={['Title', 'Text', 'Last changed', ...(canManage ? ['Actions'] : [])]}
            >
              {rows.map((r) => (
                <DataRow key={r.id}>
                  <td className={`${cell} font-medium`}>{r.title}</td>
                  <td className={`${cell} max-w-md text-slate-700`}>
                    <p className="line-clamp-2 whitespace-pre-wrap">{r.body}</p>
                  </td>
                  <td className={`${cell} whitespace-nowrap text-slate-600`}>
                    {formatDateTime(r.updatedAt)}
                    <div className="text-xs">{r.updatedBy}</div>
                  </td>
                  {canManage && (
                    <td className={`${cell} whitespace-nowrap`}>
                      <div className="flex gap-2">
                        <EditDeleteButtons
                          name={r.title}
                          onEdit={() => setEditing(r)}
                          onDelete={() => setDeleting(r)}
                        />
                      </div>
                    </td>
                  )}
                </DataRow>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this saved reply?"
        description={(r) => `“${r.title}” is removed for every agent.`}
        confirmLabel="Delete"
        onConfirm={(r) => remove.mutate(r)}
      />
      {editing && (
        <SavedReplyDialog
          reply={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function SavedReplyDialog({ reply, onClose }: { reply: SavedReply | null; onClose: () => void }) {
  return (
    <FormDialog
      title={reply ? 'Edit saved reply' : 'New Saved Reply'}
      className="max-w-xl"
      schema={savedReplyInputSchema}
      defaultValues={{ title: reply?.title ?? '', body: reply?.body ?? '' }}
      request={(body) =>
        reply
          ? sendJson('PUT', staffUrl(`saved-replies/${reply.id}`), body)
          : sendJson('POST', staffUrl('saved-replies'), body)
      }
      success="Saved Reply Saved"
      failure="Failed to save the saved reply. Please try again."
      submitLabel="Save"
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Title" required error={errors.title?.message}>
            <Input {...register('title')} />
          </FormField>
          <FormField label="Reply text" required error={errors.body?.message}>
            <Textarea rows={8} {...register('body')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
