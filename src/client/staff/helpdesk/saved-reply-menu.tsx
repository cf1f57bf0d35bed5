import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { fillPlaceholders, type PlaceholderValues } from '../../../shared/schemas/saved-replies.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';

const item =
  'cursor-pointer rounded px-2 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * "Saved Replies": a menu of the library, its placeholders filled for this ticket; the chosen
 * text goes to `onInsert`. `open`/`onOpenChange` let the reply box open it with Ctrl+/.
 */
export function SavedReplyMenu({
  values,
  onInsert,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  values: PlaceholderValues;
  onInsert: (text: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the menu closes (the reply box), instead of the button. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const replies = useQuery(staffQueries.savedReplies());
  const rows = replies.data ?? [];
  // Opened from the reply box (Ctrl+/) with the button scrolled out of the dialog's view, the
  // menu would sit off-screen beside it: bring the button into view first.
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) trigger.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild ref={trigger}>
        <Button type="button" variant="secondary" aria-keyshortcuts="Control+/">
          Saved Replies
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          onCloseAutoFocus={(e) => {
            if (!returnFocusTo.current) return;
            e.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="z-50 max-h-72 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {rows.length === 0 ? (
            <DropdownMenu.Label className="px-2 py-2 text-sm text-slate-600">
              {replies.isLoading ? 'Loading…' : 'No saved replies yet'}
            </DropdownMenu.Label>
          ) : (
            rows.map((r) => (
              <DropdownMenu.Item
                key={r.id}
                className={item}
                onSelect={() => onInsert(fillPlaceholders(r.body, values))}
              >
                {r.title}
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
