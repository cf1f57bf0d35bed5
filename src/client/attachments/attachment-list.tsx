import { Download, FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatFileSize } from '../../shared/format.ts';
import type { TicketAttachment } from '../../shared/schemas/ticket-attachments.ts';
import type { AttachmentUrl } from './attachment-url.ts';
import { Lightbox } from './lightbox.tsx';

/**
 * The files of one message: images as thumbnails that open in the lightbox, every other
 * file as its name, size and a download link. Names are rendered as text.
 */
export function AttachmentList({
  attachments,
  urlOf,
}: {
  attachments: TicketAttachment[];
  urlOf: AttachmentUrl;
}) {
  const [open, setOpen] = useState<number>();
  // The thumbnail that opened the lightbox gets the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => a.image);
  const others = attachments.filter((a) => !a.image);
  return (
    <div className="mt-2 grid min-w-0 gap-2">
      {images.length > 0 && (
        <ul aria-label="Images" className="flex flex-wrap gap-2">
          {images.map((a, i) => (
            <li key={a.id}>
              <button
                type="button"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(i);
                }}
                aria-label={`View ${a.name}`}
                className="block overflow-hidden rounded border border-slate-200 bg-white hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={urlOf(a.id, 'thumb')}
                  alt=""
                  loading="lazy"
                  width={thumbSize(a).width}
                  height={thumbSize(a).height}
                  className="h-24 w-auto max-w-40 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul aria-label="Files" className="grid min-w-0 gap-1 text-sm">
          {others.map((a) => (
            <li key={a.id} className="flex min-w-0 items-center gap-2">
              <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              <a
                href={urlOf(a.id, 'file')}
                download={a.name}
                className="min-w-0 truncate font-medium text-brand-700 hover:underline"
              >
                {a.name}
              </a>
              <span className="shrink-0 text-slate-600">{formatFileSize(a.size)}</span>
              <Download className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            </li>
          ))}
        </ul>
      )}
      <Lightbox
        images={images}
        index={open}
        onIndexChange={setOpen}
        urlOf={urlOf}
        returnFocus={() => opener.current?.focus()}
      />
    </div>
  );
}

/** The thumbnail's box (fit inside 320 px), so the conversation does not jump as they load. */
function thumbSize(a: TicketAttachment) {
  const w = a.width ?? 320;
  const h = a.height ?? 240;
  const scale = Math.min(1, 320 / Math.max(w, h));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
