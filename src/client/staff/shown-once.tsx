import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions, DialogContent } from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

/** Copies `text` to the clipboard; says "Copied" once it is there. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * A secret the server keeps only as a hash or encrypted, shown this once (an API token, a
 * webhook's signing secret): selected on focus, a copy button, and Done.
 */
export function ShownOnceDialog({
  title,
  description,
  label,
  secret,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  secret: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description}>
        <FormField label={label}>
          <Input readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        </FormField>
        <DialogActions className="mt-6">
          <CopyButton text={secret} />
          <Button onClick={onClose}>Done</Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
