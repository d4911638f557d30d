import type { UploadTextResponse } from '@inkprint/contracts';
import type { DetectionMode } from '@inkprint/contracts/ai/modes';
import { useCallback, useState } from 'react';
import { useImportUrl, useUploadFile } from './api/upload-text';
import { importNoteOf, type ImportNote } from './components/DemoImport';
import type { DemoAction } from './demo-errors';

/**
 * The demo's imports (spec §2 "Import"): a file or a URL, one at a time and not while a run is in flight; the note
 * of what the last import brought in, cleared as soon as the next one starts (its error would sit next to it).
 */
export function useDemoImport({
  action,
  mode,
  running,
  onStart,
  onImported,
  onFail,
}: {
  action: 'detect' | 'humanise';
  mode: DetectionMode;
  /** A detection or rewrite is in flight. */
  running: boolean;
  onStart: () => void;
  onImported: (answer: UploadTextResponse) => void;
  onFail: (error: unknown, action: DemoAction) => void;
}) {
  const upload = useUploadFile();
  const fetchUrl = useImportUrl();
  const importing = upload.isPending ? 'upload' : fetchUrl.isPending ? 'url' : null;
  const [url, setUrl] = useState('');
  const [note, setNote] = useState<ImportNote | null>(null);

  async function fromFile(file: File) {
    if (running || importing) return;
    onStart();
    setNote(null);
    try {
      const answer = await upload.mutateAsync({ file, action, mode });
      onImported(answer);
      setNote(importNoteOf(answer));
    } catch (err) {
      onFail(err, 'upload');
    }
  }

  async function fromUrl() {
    const target = url.trim();
    if (!target || running || importing) return;
    onStart();
    setNote(null);
    try {
      const answer = await fetchUrl.mutateAsync({ url: target, action, mode });
      onImported(answer);
      setNote(importNoteOf(answer));
      setUrl('');
    } catch (err) {
      onFail(err, 'url');
    }
  }

  const reset = useCallback(() => {
    setNote(null);
    setUrl('');
  }, []);

  return { importing, url, setUrl, note, setNote, fromFile, fromUrl, reset } as const;
}
