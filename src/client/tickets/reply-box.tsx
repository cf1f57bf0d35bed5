import { useId, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { AttachmentPicker } from '../attachments/attachment-picker.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Textarea } from '../ui/input.tsx';

/**
 * The reply box under a ticket's conversation, the customer's and the agent's: the message,
 * any fields of the side (the agent's Cc), the files with their upload progress, and Send.
 * Send is offered only for a message with text; `offHint` turns the box off and says why
 * (a sample ticket). The side owns the text, the files and the request.
 */
export function ReplyBox({
  label,
  message,
  onMessage,
  files,
  onFiles,
  progress,
  pending,
  onSend,
  offHint,
  placeholder,
  rows = 3,
  textareaRef,
  onKeyDown,
  fields,
  tools,
  className,
}: {
  label: string;
  message: string;
  onMessage: (message: string) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  progress: number | undefined;
  pending: boolean;
  /** Called with a message that is not blank. */
  onSend: () => void;
  offHint?: string;
  placeholder?: string;
  rows?: number;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
  fields?: ReactNode;
  /** Beside Send, on the left (the agent's saved replies). */
  tools?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = useId();
  const blank = message.trim() === '';
  const off = offHint !== undefined;
  return (
    <form
      className={cn('grid gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && !off) onSend();
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <Textarea
        id={id}
        ref={textareaRef}
        rows={rows}
        value={message}
        onChange={(e) => onMessage(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        disabled={off}
        aria-describedby={off ? hintId : undefined}
      />
      {off && (
        <p id={hintId} className="text-sm text-slate-600">
          {offHint}
        </p>
      )}
      {fields}
      {!off && (
        <AttachmentPicker files={files} onChange={onFiles} disabled={pending} progress={progress} />
      )}
      <div className={cn('flex flex-wrap gap-2', tools ? 'justify-between' : 'justify-end')}>
        {tools}
        <Button type="submit" disabled={blank || off || pending}>
          {pending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
