import { useEffect, useRef } from 'react';
import { Button } from '../ui/button.tsx';

/**
 * The next page of a list that is not a virtual table: loaded when this button scrolls into
 * view, or when it is pressed (keyboard, or a browser without IntersectionObserver).
 */
export function LoadMore({ label, onLoad }: { label: string; onLoad: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoad();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [onLoad]);
  return (
    <div ref={ref} className="flex justify-center">
      <Button variant="secondary" onClick={onLoad}>
        {label}
      </Button>
    </div>
  );
}
