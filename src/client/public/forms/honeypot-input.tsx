import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';

/** Invisible to people and to assistive technology; only bots fill it in. */
export function HoneypotInput(
  props: { value: string; onChange: (v: string) => void } | { defaultValue: string },
) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          {...('onChange' in props
            ? { value: props.value, onChange: (e) => props.onChange(e.target.value) }
            : { defaultValue: props.defaultValue })}
        />
      </label>
    </div>
  );
}
