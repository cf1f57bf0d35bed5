import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cspNonce } from '../lib/server-hints.ts';
import { cn } from './cn.ts';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** A labelled, keyboard-usable select (Radix Select) over a list of options. */
export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  className,
  disabled,
  prefix,
  wrap,
  ...aria
}: {
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  /** A visible name before the value ("Status: All"), for a select without a label above it. */
  prefix?: string;
  /** A long label shown whole over several lines instead of cut (a narrow phone column). */
  wrap?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    // '' rather than undefined: Radix keeps a removed choice on screen (blank) when the value
    // goes undefined, and shows the placeholder again only for '' (review V10).
    <SelectPrimitive.Root value={value ?? ''} onValueChange={onValueChange} disabled={disabled}>
      <SelectPrimitive.Trigger
        id={id}
        {...aria}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-700',
          wrap && 'h-auto min-h-10 py-2 text-left',
          className,
        )}
      >
        <span className={cn('flex min-w-0 items-center gap-1', wrap ? 'break-words' : 'truncate')}>
          {prefix && <span className="text-slate-600">{prefix}:</span>}
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 max-w-[var(--radix-select-content-available-width)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        >
          {/* Radix renders a <style> here: the CSP allows it by this page's nonce. */}
          <SelectPrimitive.Viewport className="p-1" nonce={cspNonce()}>
            {options.map((o) => (
              <SelectPrimitive.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="relative flex cursor-pointer items-center rounded py-1.5 pr-2 pl-8 text-sm text-slate-900 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4" aria-hidden />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
