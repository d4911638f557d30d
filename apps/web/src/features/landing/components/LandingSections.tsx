import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { goToSection } from '../../../components/layout/navigation';
import { Carousel } from '../../../components/ui/Carousel';
import { AI_COLOR, HUMAN_COLOR, ProbabilityBar } from '../../../components/ui/ProbabilityBar';
import { slidesPerView, TESTIMONIAL_AUTO_ADVANCE_MS, testimonialSwipeThreshold } from '../../../components/ui/carousel';
import { BoltIcon, GroupIcon, PenIcon, SearchIcon, ShieldIcon } from '../../../components/ui/icons';
import type { SectionId } from '../../../config/paths';
import { TESTIMONIALS, type Testimonial } from '../testimonials';

/** Marketing numbers of spec §1. */
export const STATS = [
  { value: '99.2%', label: 'detection confidence' },
  { value: '27K+', label: 'writers' },
  { value: '3 s', label: 'average turnaround' },
] as const;

function useSectionLink() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (id: SectionId) => ({
    href: `/#${id}`,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      goToSection(id, pathname, navigate);
    },
  });
}

function SectionTitle({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 4, md: 6 } }}>
      <Typography variant="overline" sx={{ color: 'primary.light', fontWeight: 800, letterSpacing: 1.5 }}>
        {eyebrow}
      </Typography>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: { xs: 30, md: 42 } }}>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 2, fontSize: 18 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

/** An illustrative detector result beside the hero (the live tool sits in the demo section). */
/**
 * The example card shows a real answer, not a flattering one: a 401-word human Stack Exchange answer scored by
 * `inkprint detect --mode moderate` (models 1.2.0): score 0.118, confidence 56.1%, 13 ms.
 */
function SampleResult() {
  return (
    <Paper
      component="figure"
      elevation={0}
      sx={{
        m: 0,
        p: { xs: 3, sm: 4 },
        borderRadius: 5,
        border: 1,
        borderColor: 'rgba(27,42,74,0.08)',
        boxShadow: '0 24px 60px rgba(20,33,61,0.12)',
      }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="overline" sx={{ fontWeight: 800, color: 'text.secondary' }}>
          Example result
        </Typography>
        <Chip size="small" label="Moderate mode" variant="outlined" />
      </Stack>
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 1 }}>
        <Avatar sx={{ bgcolor: 'success.main', width: 40, height: 40 }}>
          <PenIcon fontSize="small" />
        </Avatar>
        <Box>
          <Typography sx={{ fontWeight: 800, fontSize: 20 }}>Human Written</Typography>
          <Typography variant="body2" color="text.secondary">
            Engine confidence 56.1% · 401 words · 13 ms
          </Typography>
        </Box>
      </Stack>
      <ProbabilityBar label="AI probability" value={11.8} color={AI_COLOR} />
      <ProbabilityBar label="Human probability" value={88.2} color={HUMAN_COLOR} />
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 2.5 }}>
        Every verdict comes with its confidence and a chunk-by-chunk breakdown you can share as a report.
      </Typography>
    </Paper>
  );
}

export interface HeroProps {
  /** 'Try humanizer': the landing route opens the demo on its Humanizer tab (the link itself scrolls to `#demo`). */
  onTryHumanizer?: () => void;
}

export function Hero({ onTryHumanizer }: HeroProps = {}) {
  const link = useSectionLink();
  const demoLink = link('demo');
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="hero-title"
      sx={{
        pt: { xs: 7, md: 12 },
        pb: { xs: 8, md: 12 },
        background: 'radial-gradient(1200px 500px at 80% -10%, #dfe6f7 0%, rgba(247,248,251,0) 60%), #f7f8fb',
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '7fr 5fr' },
            gap: { xs: 5, md: 6 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              label="AI-text detector and humaniser"
              sx={{ bgcolor: 'rgba(245,197,66,0.25)', color: 'primary.main', fontWeight: 700 }}
            />
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ mt: 3, fontSize: { xs: 38, sm: 52, md: 56, lg: 62 }, lineHeight: 1.06 }}
            >
              Inkprint: know what reads as AI, then make it sound like you
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 3, fontSize: { xs: 18, md: 21 }, maxWidth: 680 }}>
              Inkprint scores text for AI authorship with honest confidence and rewrites AI-looking text in the tone you
              choose, for writers, editors, students, lecturers and teams.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
              <Button
                variant="contained"
                size="large"
                href={demoLink.href}
                onClick={(event: MouseEvent) => {
                  demoLink.onClick(event);
                  onTryHumanizer?.();
                }}
                sx={{ px: 4, py: 1.5 }}
              >
                Try humanizer
              </Button>
              <Button variant="outlined" size="large" {...link('pricing')} sx={{ px: 4, py: 1.5 }}>
                View pricing
              </Button>
            </Stack>
          </Box>
          <Box>
            <SampleResult />
          </Box>
        </Box>
        <Box
          role="list"
          sx={{
            mt: { xs: 6, md: 9 },
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            gap: 2,
          }}
        >
          {STATS.map((stat) => (
            <Paper
              key={stat.label}
              role="listitem"
              elevation={0}
              sx={{ p: 3, borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)', mt: { xs: 0 } }}
            >
              <Typography sx={{ fontSize: 40, fontWeight: 850, color: 'primary.main', lineHeight: 1.1 }}>
                {stat.value}
              </Typography>
              <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
                {stat.label}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

const FEATURES = [
  {
    icon: <SearchIcon />,
    title: 'Multi-engine detection',
    text: 'Several independent signals vote on every chunk, so one quirk of style never decides the verdict alone.',
  },
  {
    icon: <PenIcon />,
    title: 'Brand-safe humanization',
    text: 'Rewrites keep your facts, names and numbers, and follow the tone you set for each audience.',
  },
  {
    icon: <GroupIcon />,
    title: 'Team collaboration',
    text: 'Share reports by link, keep a common plan for the team and see who checked what, and when.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Enterprise security',
    text: 'Submitted text is deleted within 48 hours, traffic is encrypted and administrators use MFA.',
  },
];

export function FeaturesGrid() {
  return (
    <Box component="section" id="features" aria-labelledby="features-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <SectionTitle id="features-title" eyebrow="Highlights" title="Built for people who publish, grade and edit" />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
            gap: 3,
          }}
        >
          {FEATURES.map((feature) => (
            <Box key={feature.title}>
              <Paper
                elevation={0}
                sx={{ p: 3.5, height: '100%', borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
              >
                <Avatar sx={{ bgcolor: 'rgba(245,197,66,0.25)', color: 'primary.main', width: 48, height: 48 }}>
                  {feature.icon}
                </Avatar>
                <Typography component="h3" variant="h6" sx={{ mt: 2, fontWeight: 750 }}>
                  {feature.title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {feature.text}
                </Typography>
              </Paper>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Paper
      component="figure"
      elevation={0}
      sx={{
        m: 0,
        p: { xs: 3, md: 4 },
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 4,
        bgcolor: 'background.paper',
        boxShadow: '0 6px 18px rgba(20,33,61,0.06)',
      }}
    >
      <Typography component="blockquote" sx={{ m: 0, fontSize: 17, lineHeight: 1.6, flex: 1 }}>
        “{testimonial.quote}”
      </Typography>
      <Stack component="figcaption" direction="row" spacing={1.5} alignItems="center" sx={{ mt: 3 }}>
        <Avatar src={testimonial.avatar} alt="" sx={{ width: 48, height: 48 }} />
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{testimonial.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {testimonial.role}, {testimonial.company}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}

export function TestimonialsSection() {
  return (
    <Box
      component="section"
      id="testimonials"
      aria-labelledby="testimonials-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: '#eef1f8' }}
    >
      <Container maxWidth="lg">
        <SectionTitle id="testimonials-title" eyebrow="Stories" title="Trusted by writers, editors and educators" />
        <Carousel
          label="Testimonials"
          items={TESTIMONIALS}
          itemKey={(t) => t.name}
          renderItem={(t) => <TestimonialCard testimonial={t} />}
          perView={slidesPerView}
          autoAdvanceMs={TESTIMONIAL_AUTO_ADVANCE_MS}
          swipeThreshold={testimonialSwipeThreshold}
        />
      </Container>
    </Box>
  );
}

export function ClosingCta() {
  const link = useSectionLink();
  return (
    <Box component="section" id="contact" aria-labelledby="cta-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 6,
            p: { xs: 4, md: 8 },
            textAlign: 'center',
            color: '#fff',
            background: 'linear-gradient(135deg, #1b2a4a 0%, #2f4676 100%)',
          }}
        >
          <BoltIcon sx={{ color: 'secondary.main', fontSize: 40 }} />
          <Typography id="cta-title" variant="h3" component="h2" sx={{ mt: 1, fontSize: { xs: 28, md: 42 } }}>
            Ready to check your next draft?
          </Typography>
          <Typography sx={{ mt: 2, color: 'rgba(255,255,255,0.82)', fontSize: 18, maxWidth: 560, mx: 'auto' }}>
            Paste a paragraph into the sandbox, or compare plans for longer texts and a faster queue.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center" sx={{ mt: 4 }}>
            <Button variant="contained" color="secondary" size="large" {...link('demo')} sx={{ px: 4 }}>
              Launch sandbox
            </Button>
            <Button
              variant="outlined"
              size="large"
              {...link('pricing')}
              sx={{ px: 4, color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}
            >
              Explore plans
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
