import type { UploadTextResponse } from '@inkprint/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';

const ACCEPT = '.txt,.pdf,.docx,.jpg,.jpeg,.png';

/** What the last import brought in, shown under the import row until the text changes or another import starts. */
export interface ImportNote {
  source: UploadTextResponse['source'];
  truncated: boolean;
  limit: number;
  originalLength: number;
  warnings: string[];
}

export function importNoteOf(answer: UploadTextResponse): ImportNote {
  return {
    source: answer.source,
    truncated: answer.truncated,
    limit: answer.limit,
    originalLength: answer.originalLength,
    warnings: answer.warnings,
  };
}

/**
 * The demo's import part (spec §2): 'Upload file' (txt, pdf, docx, images through OCR) and 'Import URL', each saying
 * while it works, and the note of what was imported. The demo section runs the imports (`useUploadFile`,
 * `useImportUrl`) and owns the text they fill.
 */
export function DemoImport({
  busy,
  importing,
  url,
  note,
  onUrlChange,
  onFile,
  onFetch,
}: {
  busy: boolean;
  importing: 'upload' | 'url' | null;
  url: string;
  note: ImportNote | null;
  onUrlChange: (url: string) => void;
  /** A chosen file; the picker is emptied once it settles, so the same file can be chosen again. */
  onFile: (file: File) => Promise<void>;
  onFetch: () => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2.5 }} alignItems={{ sm: 'center' }}>
        <Button variant="outlined" disabled={busy} onClick={() => fileRef.current?.click()}>
          {importing === 'upload' ? 'Uploading…' : 'Upload file'}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="File to upload"
          data-testid="demo-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void onFile(file).finally(() => {
              if (fileRef.current) fileRef.current.value = '';
            });
          }}
        />
        <Box
          component="form"
          role="search"
          aria-label="Import URL"
          onSubmit={(e) => {
            e.preventDefault();
            onFetch();
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            flex: 1,
            minWidth: 0,
            border: 1,
            borderColor: 'rgba(27,42,74,0.25)',
            borderRadius: 999,
            pl: 2,
            pr: 0.5,
            py: 0.25,
            bgcolor: 'background.paper',
          }}
        >
          <Box
            component="input"
            type="url"
            inputMode="url"
            placeholder="Import URL (https://…)"
            aria-label="Import URL"
            value={url}
            disabled={busy}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => onUrlChange(e.target.value)}
            sx={{
              flex: 1,
              minWidth: 0,
              border: 0,
              outline: 0,
              font: 'inherit',
              bgcolor: 'transparent',
              py: 0.75,
            }}
          />
          <Button
            type="submit"
            size="small"
            variant="contained"
            disabled={busy || url.trim() === ''}
            sx={{ borderRadius: 999 }}
          >
            {importing === 'url' ? 'Fetching…' : 'Fetch'}
          </Button>
        </Box>
      </Stack>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="import-note">
          Imported {note.source.name} ({note.source.kind}
          {note.source.pages ? `, ${note.source.pages} pages` : ''}).
          {note.truncated &&
            ` The text had ${note.originalLength.toLocaleString('en-US')} characters and was truncated to ${note.limit.toLocaleString('en-US')}, your plan's limit.`}
          {note.warnings.map((w) => ` ${w}`).join('')}
        </Typography>
      )}
    </>
  );
}
