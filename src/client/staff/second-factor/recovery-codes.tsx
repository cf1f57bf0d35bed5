import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../shown-once.tsx';

/**
 * Recovery codes, shown once: copy or download them, then say they are saved (the only way
 * on, so nobody leaves this screen without having seen them).
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        Each code works once, if you lose your phone. Keep them somewhere safe, like a password
        manager: they will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} />
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </div>
  );
}
