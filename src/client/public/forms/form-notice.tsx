import type { FormAnswer } from '../../../shared/islands.ts';

/** The outcome of a form posted without JavaScript, above the form (success or failure). */
export function FormNotice({ notice }: { notice: FormAnswer['notice'] }) {
  if (!notice) return null;
  const success = notice.kind === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={
        success
          ? 'rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900'
          : 'rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800'
      }
    >
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.text}</p>
    </div>
  );
}
