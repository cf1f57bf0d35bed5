import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PagesQuery } from '../lib/paged-read.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { usePagedList } from '../lists/use-paged-list.ts';
import { cn } from '../ui/cn.ts';
import { Input } from '../ui/input.tsx';

/** How many records one read of a picker brings; more follow as its list scrolls. */
export const PICKER_PAGE = '20';

/** Calls `onVisible` when `target` scrolls into view inside `root` (the next page of options). */
function useOnVisible(root: HTMLElement | null, target: HTMLElement | null, onVisible: () => void) {
  useEffect(() => {
    if (!root || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onVisible();
      },
      { root },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [root, target, onVisible]);
}

export type PickerOption = { value: string; label: string };

/** What a form or filter passes to a picker (`id` and the aria props come from `FormField`). */
export type PickerProps = {
  label?: string;
  value: string;
  className?: string;
  /** Nothing to choose from yet (the attach dialog's contact before a company is chosen). */
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

/**
 * A record chosen by searching the server (issue 20), in place of a select that loaded every
 * record: the first 20 by name when it opens, what the typed text matches after a pause, more
 * as its list scrolls. `first` is an option offered before the records while nothing is typed
 * ("All companies", "No project"). A combobox (WAI-ARIA pattern): arrows move, Enter chooses,
 * Escape closes. `chosenLabel` is what the closed box shows for `value`.
 */
export function ServerPicker<T extends { id: string }>({
  label,
  value,
  chosenLabel,
  onChange,
  read,
  labelOf,
  first,
  nouns,
  className,
  disabled,
  ...aria
}: PickerProps & {
  chosenLabel: string;
  onChange: (option: PickerOption) => void;
  /** The records matching `q`, in pages of PICKER_PAGE. */
  read: (q: string) => PagesQuery<T>;
  /** An option's text for a record. */
  labelOf: (row: T) => string;
  first?: PickerOption;
  /** Lower case, for the placeholder and the list's texts: "companies". */
  nouns: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [end, setEnd] = useState<HTMLLIElement | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const q = useDebounced(text);
  const found = usePagedList(read(q), open && !disabled);

  const options: PickerOption[] = [
    ...(first && !q ? [first] : []),
    ...found.rows.map((r) => ({ value: r.id, label: labelOf(r) })),
  ];
  useOnVisible(list, end, found.loadMore);

  const close = () => {
    setOpen(false);
    setText('');
  };
  const choose = (option: PickerOption) => {
    onChange(option);
    close();
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className={cn('relative w-full sm:w-56', className)}>
      <Input
        {...aria}
        ref={input}
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={`Search ${nouns}...`}
        value={open ? text : chosenLabel}
        // Not on focus: a dialog focusing its first field would open the list over the
        // fields below it (looked at 2026-11-28, the attach-mail dialog).
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul
          ref={setList}
          id={listId}
          role="listbox"
          aria-label={label ?? nouns.charAt(0).toUpperCase() + nouns.slice(1)}
          className="absolute z-50 mt-1 max-h-64 w-full min-w-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {options.map((option, i) => (
            <li
              key={option.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={option.value === value}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'cursor-pointer px-3 py-2 text-slate-900',
                i === active && 'bg-brand-50',
                option.value === value && 'font-medium',
              )}
            >
              {option.label}
            </li>
          ))}
          {found.rows.length === 0 && !found.isPending && (
            <li role="presentation" className="px-3 py-2 text-slate-600">
              No {nouns} match
            </li>
          )}
          {found.hasMore && (
            <li ref={setEnd} role="presentation" className="px-3 py-2 text-slate-600">
              Loading more {nouns}...
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
