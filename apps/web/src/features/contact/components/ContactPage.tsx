import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { CONTACTS } from '../../../config/env';
import { mailtoUrl, missingFields, webmailUrl, type ContactMessage } from '../compose';
import { useDocumentTitle } from '../../../lib/document-title';

const SECTIONS = [
  { title: 'General', email: CONTACTS.info, text: 'Questions about Inkprint, partnerships and everything else.' },
  { title: 'Sales', email: CONTACTS.sales, text: 'Team and Enterprise plans, volume pricing and procurement.' },
  {
    title: 'Support',
    email: CONTACTS.support,
    text: 'Help with your account or the tools. We reply in under 1 business day.',
  },
  {
    title: 'Billing',
    email: CONTACTS.billing,
    text: 'Invoices, refunds and payment questions, answered within 5 business days.',
  },
  {
    title: 'Legal',
    email: CONTACTS.legal,
    text: 'Legal notices and privacy requests, answered within 2 business days.',
  },
  { title: 'Press', email: CONTACTS.press, text: 'Interviews, media kits and product announcements.' },
  {
    title: 'Alternate contact',
    email: CONTACTS.alternate,
    text: 'If a message to another address bounced, write here.',
  },
  {
    title: 'System e-mails',
    email: CONTACTS.system,
    text: 'Verification codes and reset links come from this address. It does not receive replies.',
  },
];

const FIELDS: {
  key: keyof ContactMessage;
  label: string;
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
}[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'subject', label: 'Subject' },
  { key: 'message', label: 'Message', multiline: true },
];

export default function ContactPage() {
  useDocumentTitle('Contact');
  const [message, setMessage] = useState<ContactMessage>({ name: '', email: '', subject: '', message: '' });
  const [missing, setMissing] = useState<(keyof ContactMessage)[]>([]);
  const [opened, setOpened] = useState(false);

  const check = () => {
    const absent = missingFields(message);
    setMissing(absent);
    return absent.length === 0;
  };
  const openMailApp = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    window.location.href = mailtoUrl(CONTACTS.info, message);
    setOpened(true);
  };
  const openWebmail = (provider: 'gmail' | 'outlook') => {
    if (!check()) return;
    window.open(webmailUrl(provider, CONTACTS.info, message), '_blank', 'noopener');
    setOpened(true);
  };

  return (
    <>
      <PageHeader eyebrow="Contact" title="Talk to the Inkprint team">
        Pick the address that fits, or write to us with the form: it opens your mail app addressed to {CONTACTS.info}.
      </PageHeader>
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Grid container spacing={2}>
              {SECTIONS.map((s) => (
                <Grid key={s.title} size={{ xs: 12, sm: 6 }}>
                  <Paper
                    component="section"
                    aria-label={s.title}
                    elevation={0}
                    sx={{ p: 2.5, height: '100%', borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
                  >
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 800 }}>
                      {s.title}
                    </Typography>
                    <Link href={`mailto:${s.email}`} sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                      {s.email}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {s.text}
                    </Typography>
                  </Paper>
                </Grid>
              ))}
            </Grid>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper
              elevation={0}
              sx={{
                p: { xs: 3, sm: 4 },
                borderRadius: 5,
                boxShadow: '0 18px 50px rgba(20,33,61,0.08)',
                position: { md: 'sticky' },
                top: { md: 96 },
              }}
            >
              <Typography component="h2" variant="h5">
                Send us a message
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
                Nothing is sent from this page: your mail app or webmail opens with the message ready.
              </Typography>
              <Stack component="form" spacing={2} onSubmit={openMailApp} aria-label="Contact form">
                {missing.length > 0 && <Alert severity="error">Please fill in every field.</Alert>}
                {opened && missing.length === 0 && (
                  <Alert severity="success">Your mail app should now be open with the message.</Alert>
                )}
                {FIELDS.map((f) => (
                  <TextField
                    key={f.key}
                    label={f.label}
                    name={f.key}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    required
                    multiline={f.multiline}
                    minRows={f.multiline ? 5 : undefined}
                    value={message[f.key]}
                    error={missing.includes(f.key)}
                    onChange={(e) => setMessage((m) => ({ ...m, [f.key]: e.target.value }))}
                    fullWidth
                  />
                ))}
                <Button type="submit" variant="contained" size="large">
                  Open in mail app
                </Button>
                <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
                  <Button variant="outlined" onClick={() => openWebmail('gmail')}>
                    Compose in Gmail
                  </Button>
                  <Button variant="outlined" onClick={() => openWebmail('outlook')}>
                    Compose in Outlook
                  </Button>
                </Box>
              </Stack>
            </Paper>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
