import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useDocumentTitle } from '../../../lib/document-title';

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

export const LAST_UPDATED = '1 November 2026';

/** Policy layout: header, table of contents, numbered sections. */
export function PolicyPage({
  eyebrow,
  title,
  intro,
  sections,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  sections: PolicySection[];
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
        <Typography component="p" variant="body2" sx={{ mt: 1.5 }}>
          Last updated {LAST_UPDATED}
        </Typography>
      </PageHeader>
      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 12 } }}>
        <Paper
          component="nav"
          aria-label="On this page"
          elevation={0}
          sx={{ p: 3, mb: 5, borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
        >
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 800, mb: 1 }}>
            On this page
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, columns: { sm: 2 }, '& li': { mb: 0.5 } }}>
            {sections.map((s) => (
              <li key={s.id}>
                <Link href={`#${s.id}`}>{s.title}</Link>
              </li>
            ))}
          </Box>
        </Paper>
        {sections.map((s, i) => (
          <Box
            component="section"
            key={s.id}
            id={s.id}
            aria-labelledby={`${s.id}-title`}
            sx={{ mb: 5, scrollMarginTop: 88 }}
          >
            <Typography id={`${s.id}-title`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {i + 1}. {s.title}
            </Typography>
            <Box
              sx={{
                color: 'text.secondary',
                fontSize: 17,
                lineHeight: 1.7,
                '& p': { mt: 0, mb: 1.5 },
                '& ul': { mt: 0, pl: 3 },
                '& strong': { color: 'text.primary' },
                '& a': { color: 'primary.light', fontWeight: 600 },
              }}
            >
              {s.body}
            </Box>
          </Box>
        ))}
      </Container>
    </>
  );
}
