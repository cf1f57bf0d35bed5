import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import type { TicketAttachment } from '../../shared/schemas/ticket-attachments.ts';
import type { AttachmentUrl } from './attachment-url.ts';

const control =
  'rounded-full bg-white/90 p-2 text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40';

/**
 * A message's images one at a time (Radix dialog: focus kept inside, Escape closes, focus
 * returns to the thumbnail); the arrow keys and buttons move between them. It shows the
 * server's viewing size (re-encoded, no EXIF), and links the original for download.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  urlOf,
  returnFocus,
}: {
  images: TicketAttachment[];
  index: number | undefined;
  onIndexChange: (index: number | undefined) => void;
  urlOf: AttachmentUrl;
  /** Where focus goes on close (inside another dialog, Radix alone would not find it). */
  returnFocus: () => void;
}) {
  const image = index === undefined ? undefined : images[index];
  const go = (step: number) => {
    if (index === undefined) return;
    const next = index + step;
    if (next >= 0 && next < images.length) onIndexChange(next);
  };
  return (
    <DialogPrimitive.Root open={!!image} onOpenChange={(o) => !o && onIndexChange(undefined)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            if (e.key === 'ArrowLeft') go(-1);
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 focus:outline-none"
        >
          {image && index !== undefined && (
            <>
              <div className="flex w-full max-w-5xl items-center justify-between gap-3 text-white">
                <DialogPrimitive.Title className="min-w-0 truncate text-sm font-medium">
                  {image.name}
                  <span className="ml-2 text-slate-300">
                    {index + 1} of {images.length}
                  </span>
                </DialogPrimitive.Title>
                <div className="flex shrink-0 gap-2">
                  <a
                    href={urlOf(image.id, 'file')}
                    download={image.name}
                    aria-label={`Download ${image.name}`}
                    className={control}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                  </a>
                  <DialogPrimitive.Close aria-label="Close" className={control}>
                    <X className="h-4 w-4" aria-hidden />
                  </DialogPrimitive.Close>
                </div>
              </div>
              <div className="flex min-h-0 w-full max-w-5xl flex-1 items-center justify-center gap-2">
                <button
                  type="button"
                  aria-label="Previous image"
                  disabled={index === 0}
                  onClick={() => go(-1)}
                  className={control}
                >
                  <ChevronLeft className="h-5 w-5" aria-hidden />
                </button>
                <img
                  key={image.id}
                  src={urlOf(image.id, 'view')}
                  alt={image.name}
                  // Its own size at most (never scaled up), shrunk to fit beside the two buttons.
                  className="max-h-full min-w-0 max-w-[calc(100%-6rem)] object-contain"
                />
                <button
                  type="button"
                  aria-label="Next image"
                  disabled={index === images.length - 1}
                  onClick={() => go(1)}
                  className={control}
                >
                  <ChevronRight className="h-5 w-5" aria-hidden />
                </button>
              </div>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
