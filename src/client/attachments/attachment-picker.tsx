import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatFileSize } from '../../shared/format.ts';
import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  TOO_MANY_ATTACHMENTS,
  attachmentEmpty,
  attachmentTooLarge,
} from '../../shared/schemas/ticket-attachments.ts';
import { cn } from '../ui/cn.ts';

/** The files chosen for a message, checked as the server checks them (count, size, empty). */
export function addFiles(current: File[], added: File[]): { files: File[]; error?: string } {
  const files = [...current];
  for (const file of added) {
    if (file.size > MAX_ATTACHMENT_BYTES) return { files, error: attachmentTooLarge(file.name) };
    if (file.size === 0) return { files, error: attachmentEmpty(file.name) };
    if (files.length === MAX_ATTACHMENTS) return { files, error: TOO_MANY_ATTACHMENTS };
    files.push(file);
  }
  return { files };
}

/**
 * Issue 17: files for a new ticket or a reply, chosen with the button or dropped onto the
 * zone; each listed with its size and a remove button; the upload's progress while it runs.
 */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
  progress,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** 0 to 1 while the message uploads, undefined otherwise. */
  progress?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [error, setError] = useState<string>();
  const [over, setOver] = useState(false);

  const add = (added: File[]) => {
    const next = addFiles(files, added);
    setError(next.error);
    onChange(next.files);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add([...e.dataTransfer.files]);
  };

  return (
    // min-w-0: a long file name truncates instead of widening the form's grid.
    <div className="grid min-w-0 gap-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="attachment-drop-zone"
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600',
          over && 'border-brand-600 bg-brand-50',
        )}
      >
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          className="inline-flex items-center gap-1.5 rounded font-medium text-brand-700 hover:underline disabled:opacity-50"
        >
          <Paperclip className="h-4 w-4" aria-hidden />
          Attach files
        </button>
        <span id={hintId}>or drop them here · up to 10 files, 25&nbsp;MB each</span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label="Files to attach" className="grid min-w-0 gap-1 text-sm">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 truncate text-slate-900">{file.name}</span>
              <span className="shrink-0 text-slate-600">{formatFileSize(file.size)}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setError(undefined);
                  onChange(files.filter((_, j) => j !== i));
                }}
                className="ml-auto shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-50"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== undefined && (
        <div
          role="progressbar"
          aria-label="Uploading files"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-brand-600" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}
