import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button.tsx';

/**
 * A pad to sign on with a finger or a mouse (signature_pad). The canvas is sized to its box at
 * up to twice the screen's pixel density, so the PNG stays small (well under the server's
 * limit) and sharp. `onChange` gets the PNG data URL after each stroke, or null when cleared.
 */
export function SignatureField({ onChange }: { onChange: (png: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#0f172a' });
    pad.addEventListener('endStroke', () =>
      changed.current(pad.isEmpty() ? null : pad.toDataURL('image/png')),
    );
    padRef.current = pad;
    return () => pad.off();
  }, []);

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvasRef}
        aria-label="Signature pad: sign with your finger or mouse"
        className="h-40 w-full touch-none rounded-md border border-slate-300 bg-white"
      />
      <div className="flex justify-end">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}
