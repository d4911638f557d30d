import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { copyText } from './copy-text';

/** Spec §4 "Copy": 'Copied!' for 1.8 s. */
export const COPIED_MS = 1800;

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outlined"
      onClick={async () => {
        if (await copyText(text)) setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}
