import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The demo section's title; part of the landing chunk, so `#demo` has its heading before the tools' chunk arrives. */
export function DemoHeading() {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 4, md: 5 } }}>
      <Typography variant="overline" component="p" sx={{ color: 'primary.light', fontWeight: 800, letterSpacing: 1.5 }}>
        Features
      </Typography>
      <Typography id="demo-title" variant="h3" component="h2" sx={{ fontSize: { xs: 30, md: 42 } }}>
        Two tools, one honest answer
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2, fontSize: 18 }}>
        Check a text for AI authorship, then rewrite it in your tone. No sign-up needed to try.
      </Typography>
    </Box>
  );
}
