import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { StaffMember } from '../../../shared/schemas/staff-customers.ts';
import type { HelpdeskTicket, TicketUpdate } from '../../../shared/schemas/staff-helpdesk.ts';
import {
  ticketCategories,
  ticketChannelLabels,
  ticketDepartments,
} from '../../../shared/schemas/tickets.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { MAX_CC } from '../../../shared/schemas/ticket-watchers.ts';
import { QueryState } from '../query-state.tsx';
import { SlaOutcomes } from '../sla/sla-outcomes.tsx';
import { InternalNotes } from './internal-notes.tsx';
import { MergeIntoDialog } from './merge-dialog.tsx';
import { TicketExtras } from './ticket-extras.tsx';
import { TicketTime } from './ticket-time.tsx';
import { SavedReplyMenu } from './saved-reply-menu.tsx';
import { ArticleLinkPicker } from './article-link-picker.tsx';
import { useAuth } from '../../lib/auth.ts';
import { useStaffCan } from '../use-staff-can.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AttachmentList } from '../../attachments/attachment-list.tsx';
import { byMessage } from '../../attachments/by-message.ts';
import { attachmentQueries, staffAttachmentUrl } from '../../attachments/queries.ts';
import { sendWithFiles } from '../../attachments/send-with-files.ts';
import { TicketConversation } from '../../tickets/conversation.tsx';
import { ReplyBox } from '../../tickets/reply-box.tsx';

type Update = Partial<
  Pick<TicketUpdate, 'status' | 'customerId' | 'priority' | 'category' | 'department'>
> & { assignedToUserId?: string | null };

const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** One ticket: its conversation, status, assignee, company (author of several) and the agent's reply box. */
export function TicketDialog({
  ticketId,
  staff,
  onClose,
}: {
  ticketId: string;
  staff: StaffMember[];
  onClose: () => void;
}) {
  const url = staffUrl(`tickets/${ticketId}`);
  const ticket = useQuery(staffQueries.ticket(ticketId));
  const [message, setMessage] = useState('');
  const [cc, setCc] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  const attachments = useQuery(attachmentQueries.staff(ticketId));
  const filesOf = byMessage(attachments.data);
  const urlOf = staffAttachmentUrl(ticketId);
  const [savedOpen, setSavedOpen] = useState(false);
  const [merging, setMerging] = useState(false);
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const { user } = useAuth();
  // A read-only role sees the ticket as it is: no status, assignee or reply (ADR 058).
  const canWrite = useStaffCan('helpdesk');
  const update = useStaffMutation<Update, HelpdeskTicket>({
    request: (body) => sendJson('PATCH', url, body),
    success: 'Ticket Updated',
    failure: 'Failed to update ticket. Please try again.',
  });
  const reply = useStaffMutation<string>({
    // With files (issue 17) the reply goes as multipart, its progress shown under the picker.
    request: (text) =>
      files.length > 0
        ? sendWithFiles(
            `${url}/replies`,
            { message: text, cc: ccList(cc) },
            files,
            setProgress,
          ).finally(() => setProgress(undefined))
        : sendJson('POST', `${url}/replies`, { message: text, cc: ccList(cc) }),
    success: 'Reply Sent',
    failure: 'Failed to send reply. Please try again.',
    onSuccess: () => {
      setMessage('');
      setCc('');
      setFiles([]);
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={ticket.data?.subject ?? ticketId.toUpperCase()} className="max-w-2xl">
        <QueryState query={ticket} empty="Ticket not found" isEmpty={() => false}>
          {(t) => (
            <div className="grid gap-5">
              {/* Spaced, not dotted: a wrapped line began with "·" and on a phone every part
                  read as a bullet (looked at 2026-11-28). */}
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="font-mono">{t.id.toUpperCase()}</span>
                <span>{t.customerName}</span>
                <StatusBadge kind="priority" value={t.priority} />
                <span>{t.category}</span>
                <span>{t.department}</span>
                <span>
                  Created <DateTime value={t.createdAt} />
                </span>
                <span>
                  {ticketChannelLabels[t.channel]}
                  {t.openedBy ? `, opened by ${t.openedBy}` : ''}
                </span>
              </div>
              {t.mergedIntoTicketId && (
                <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
                  Merged into {t.mergedIntoTicketId}: its conversation continues there.
                </p>
              )}
              <SlaOutcomes targets={t.slaTargets} />
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Status">
                  <Select
                    value={t.status}
                    onValueChange={(status) =>
                      update.mutate({ status: status as TicketUpdate['status'] })
                    }
                    options={statusOptions('ticketStatus')}
                    disabled={update.isPending || !canWrite}
                  />
                </FormField>
                <FormField label="Assignee">
                  <Select
                    value={t.assignedToUserId ?? 'none'}
                    onValueChange={(v) =>
                      update.mutate({ assignedToUserId: v === 'none' ? null : v })
                    }
                    options={[
                      { value: 'none', label: 'Unassigned' },
                      ...staff.map((s) => ({ value: s.id, label: s.name })),
                    ]}
                    disabled={update.isPending || !canWrite}
                  />
                </FormField>
                {canWrite && user && user.id !== t.assignedToUserId && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="justify-self-start sm:col-start-2"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ assignedToUserId: user.id })}
                  >
                    Assign to me
                  </Button>
                )}
                {canWrite && !t.mergedIntoTicketId && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setMerging(true)}
                  >
                    Merge Into…
                  </Button>
                )}
                {merging && (
                  <MergeIntoDialog
                    ticket={t}
                    onMerged={onClose}
                    onClose={() => setMerging(false)}
                  />
                )}
                {t.authorCompanies.length > 1 && (
                  // Its author belongs to several companies: mail picked one, staff may correct it.
                  <FormField label="Company">
                    <Select
                      value={t.customerId}
                      onValueChange={(customerId) => update.mutate({ customerId })}
                      options={t.authorCompanies.map((c) => ({ value: c.id, label: c.name }))}
                      disabled={update.isPending || !canWrite}
                    />
                  </FormField>
                )}
              </div>
              {/* Category and department names are long ("Network Administration"): wider
                  columns, and a name wraps rather than running past the dialog's edge. */}
              <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_minmax(0,3fr)]">
                <FormField label="Priority" className="min-w-0">
                  <Select
                    value={t.priority}
                    onValueChange={(priority) =>
                      update.mutate({ priority: priority as TicketUpdate['priority'] })
                    }
                    options={statusOptions('priority')}
                    disabled={update.isPending || !canWrite}
                  />
                </FormField>
                <FormField label="Category" className="min-w-0">
                  <Select
                    value={t.category}
                    onValueChange={(category) =>
                      update.mutate({ category: category as TicketUpdate['category'] })
                    }
                    options={toOptions(ticketCategories)}
                    wrap
                    disabled={update.isPending || !canWrite}
                  />
                </FormField>
                <FormField label="Department" className="min-w-0">
                  <Select
                    value={t.department}
                    onValueChange={(department) =>
                      update.mutate({ department: department as TicketUpdate['department'] })
                    }
                    options={toOptions(ticketDepartments)}
                    wrap
                    disabled={update.isPending || !canWrite}
                  />
                </FormField>
              </div>
              <section aria-label="Description">
                <h3 className="text-sm font-semibold text-slate-900">Description</h3>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{t.description}</p>
                <AttachmentList attachments={filesOf(null)} urlOf={urlOf} />
              </section>
              <section aria-label="Conversation">
                <h3 className="text-sm font-semibold text-slate-900">Conversation</h3>
                <TicketConversation
                  replies={t.replies}
                  events={t.events}
                  filesOf={filesOf}
                  urlOf={urlOf}
                />
              </section>
              {!canWrite ? null : t.status === 'closed' ? (
                <p className="text-sm text-slate-600">This ticket is closed. Reopen it to reply.</p>
              ) : (
                <ReplyBox
                  label="Reply as agent"
                  rows={4}
                  textareaRef={replyBox}
                  message={message}
                  onMessage={setMessage}
                  onKeyDown={(e) => {
                    // Ctrl+/ (Cmd+/ on a Mac): the saved replies, without leaving the keyboard.
                    if (e.key === '/' && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      setSavedOpen(true);
                    }
                  }}
                  files={files}
                  onFiles={setFiles}
                  progress={progress}
                  pending={reply.isPending}
                  onSend={() => reply.mutate(message)}
                  fields={
                    <FormField label={`Cc by e-mail (up to ${MAX_CC}, comma-separated)`}>
                      <Input
                        type="text"
                        inputMode="email"
                        autoComplete="off"
                        value={cc}
                        onChange={(e) => setCc(e.target.value)}
                        placeholder="name@example.com, other@example.com"
                      />
                    </FormField>
                  }
                  tools={
                    <div className="flex flex-wrap gap-2">
                      <SavedReplyMenu
                        open={savedOpen}
                        onOpenChange={setSavedOpen}
                        returnFocusTo={replyBox}
                        values={{
                          'customer.firstName': t.author?.firstName,
                          'customer.lastName': t.author?.lastName,
                          'company.name': t.customerName,
                          'ticket.id': t.id.toUpperCase(),
                          'ticket.subject': t.subject,
                          'agent.firstName': user?.firstName,
                        }}
                        onInsert={(text) =>
                          setMessage((m) => insertAtCursor(replyBox.current, m, text))
                        }
                      />
                      <ArticleLinkPicker
                        companyId={t.customerId}
                        onInsert={(text) =>
                          setMessage((m) => insertAtCursor(replyBox.current, m, text))
                        }
                      />
                    </div>
                  }
                />
              )}
              <TicketExtras ticketId={t.id} />
              <TicketTime ticket={t} />
              <InternalNotes ticketId={t.id} />
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

/** The Cc box's addresses; the server validates each (and their number). */
const ccList = (value: string) =>
  value
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** `current` with `text` put where the reply box's cursor (or selection) is; at the end without one. */
function insertAtCursor(box: HTMLTextAreaElement | null, current: string, text: string): string {
  const start = box?.selectionStart ?? current.length;
  const end = box?.selectionEnd ?? current.length;
  return current.slice(0, start) + text + current.slice(end);
}
