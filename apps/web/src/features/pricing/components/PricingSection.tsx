import { PLANS, type Plan } from '@inkprint/contracts/policies';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Carousel } from '../../../components/ui/Carousel';
import { PRICING_AUTO_ADVANCE_MS, pricingSwipeThreshold, slidesPerView } from '../../../components/ui/carousel';
import { CheckIcon } from '../../../components/ui/icons';
import { checkoutUrl } from '../../../config/env';
import { useAuth } from '../../../lib/auth';
import { usePlanLimits } from '../../../lib/plan-limits';
import { currentPlanSlug, pricingAction } from '../pricing-buttons';

function PlanCard({ plan }: { plan: Plan }) {
  const { session } = useAuth();
  const { plan: livePlan } = usePlanLimits();
  const signedIn = session !== null;
  const current = currentPlanSlug(signedIn, livePlan?.slug, session?.user.planSlug);
  const action = pricingAction(plan, current, signedIn, (slug) => checkoutUrl(slug));
  const highlighted = plan.highlighted;
  return (
    <Paper
      component="article"
      aria-label={`${plan.name} plan`}
      data-plan={plan.slug}
      elevation={0}
      sx={{
        flex: 1,
        p: { xs: 3, sm: 3.5 },
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 4,
        border: 2,
        borderColor: highlighted ? 'secondary.main' : 'rgba(27,42,74,0.1)',
        bgcolor: highlighted ? 'primary.main' : 'background.paper',
        color: highlighted ? '#fff' : 'text.primary',
        boxShadow: highlighted ? '0 18px 40px rgba(27,42,74,0.28)' : '0 6px 18px rgba(20,33,61,0.06)',
      }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ minHeight: 32 }}>
        <Typography component="h3" variant="h5">
          {plan.name}
        </Typography>
        {plan.tag && <Chip size="small" label={plan.tag} color="secondary" sx={{ fontWeight: 700 }} />}
      </Stack>
      <Typography
        sx={{ mt: 1.5, fontSize: plan.price.length > 10 ? 22 : 34, fontWeight: 800, lineHeight: 1.2, minHeight: 58 }}
      >
        {plan.price}
      </Typography>
      <Typography sx={{ mt: 1, color: highlighted ? 'rgba(255,255,255,0.82)' : 'text.secondary', minHeight: 48 }}>
        {plan.tagline}
      </Typography>
      <Stack component="ul" spacing={1.1} sx={{ listStyle: 'none', p: 0, my: 3, flex: 1 }}>
        {plan.features.map((feature) => (
          <Stack component="li" direction="row" spacing={1} key={feature} alignItems="flex-start">
            <CheckIcon fontSize="small" sx={{ color: highlighted ? 'secondary.main' : 'success.main', mt: '2px' }} />
            <Typography variant="body2">{feature}</Typography>
          </Stack>
        ))}
      </Stack>
      {action.kind === 'link' ? (
        action.external ? (
          <Button
            href={action.href}
            variant="contained"
            color={highlighted ? 'secondary' : 'primary'}
            size="large"
            fullWidth
          >
            {action.label}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={action.href}
            variant="contained"
            color={highlighted ? 'secondary' : 'primary'}
            size="large"
            fullWidth
          >
            {action.label}
          </Button>
        )
      ) : (
        <Button
          variant="outlined"
          size="large"
          fullWidth
          disabled
          sx={{
            '&.Mui-disabled': {
              color: highlighted ? 'rgba(255,255,255,0.85)' : 'text.secondary',
              borderColor: 'currentColor',
            },
          }}
        >
          {action.label}
        </Button>
      )}
    </Paper>
  );
}

export function PricingSection() {
  return (
    <Box component="section" id="pricing" aria-labelledby="pricing-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: 5 }}>
          <Typography variant="overline" sx={{ color: 'primary.light', fontWeight: 800, letterSpacing: 1.5 }}>
            Pricing
          </Typography>
          <Typography id="pricing-title" variant="h3" component="h2" sx={{ fontSize: { xs: 30, md: 42 } }}>
            Plans that grow with your word count
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2, fontSize: 18 }}>
            Start without an account, upgrade for longer texts, more daily requests and a faster queue.
          </Typography>
        </Box>
        <Carousel
          label="Pricing plans"
          items={PLANS}
          itemKey={(plan) => plan.slug}
          renderItem={(plan) => <PlanCard plan={plan} />}
          perView={slidesPerView}
          autoAdvanceMs={PRICING_AUTO_ADVANCE_MS}
          swipeThreshold={pricingSwipeThreshold}
        />
      </Container>
    </Box>
  );
}
