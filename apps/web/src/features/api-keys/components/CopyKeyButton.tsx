import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';

/** Spec §4 "Copy": 'Copied!' for 1.8 s ('Copy failed' for 2 s when the browser refuses). */
export function CopyKeyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? 1800 : 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      variant="contained"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : label}</span>
    </Button>
  );
}
