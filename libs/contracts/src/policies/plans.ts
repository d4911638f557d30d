/** The plan catalogue (product spec §9). Ranks order plans for upgrade decisions. */
export const JOB_PRIORITIES = ['low', 'normal', 'medium', 'high', 'dedicated'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];
export const PLAN_SLUGS = ['free-nosignup', 'free-signup', 'basic', 'pro', 'enterprise'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];
export const USAGE_FEATURES = ['detector', 'humaniser'] as const;
export type UsageFeature = (typeof USAGE_FEATURES)[number];

export interface Plan {
  slug: PlanSlug;
  name: string;
  /** Display price, e.g. "$15/mo". */
  price: string;
  cadence: 'free' | 'monthly';
  tagline: string;
  features: readonly string[];
  actionLabel: string;
  highlighted: boolean;
  tag: string | null;
  detectorMaxChars: number;
  humaniserMaxChars: number;
  /** Requests per feature per day; null = unlimited. */
  dailyLimit: number | null;
  monthlyLimit: null;
  priority: JobPriority;
  rank: 0 | 1 | 2 | 3 | 4;
}

export const PLANS: readonly Plan[] = Object.freeze([
  {
    slug: 'free-nosignup',
    name: 'No Signup',
    price: '$0',
    cadence: 'free',
    tagline: 'Try Inkprint without an account.',
    features: [
      'Detector up to 4,000 characters',
      'Humaniser up to 2,000 characters',
      '3 requests a day per tool',
      'Shared low-priority queue',
    ],
    actionLabel: 'Try it now',
    highlighted: false,
    tag: null,
    detectorMaxChars: 4000,
    humaniserMaxChars: 2000,
    dailyLimit: 3,
    monthlyLimit: null,
    priority: 'low',
    rank: 0,
  },
  {
    slug: 'free-signup',
    name: 'Free',
    price: '$0',
    cadence: 'free',
    tagline: 'A free account for occasional checks.',
    features: [
      'Detector up to 8,000 characters',
      'Humaniser up to 6,000 characters',
      '5 requests a day per tool',
      'Normal queue priority',
    ],
    actionLabel: 'Create free account',
    highlighted: false,
    tag: null,
    detectorMaxChars: 8000,
    humaniserMaxChars: 6000,
    dailyLimit: 5,
    monthlyLimit: null,
    priority: 'normal',
    rank: 1,
  },
  {
    slug: 'basic',
    name: 'Basic',
    price: '$2.50 first month, then $5/mo',
    cadence: 'monthly',
    tagline: 'For students and regular writers.',
    features: [
      'Detector up to 15,000 characters',
      'Humaniser up to 10,000 characters',
      '20 requests a day per tool',
      'Medium queue priority',
    ],
    actionLabel: 'Get Basic',
    highlighted: false,
    tag: '50% off intro',
    detectorMaxChars: 15000,
    humaniserMaxChars: 10000,
    dailyLimit: 20,
    monthlyLimit: null,
    priority: 'medium',
    rank: 2,
  },
  {
    slug: 'pro',
    name: 'Pro',
    price: '$15/mo',
    cadence: 'monthly',
    tagline: 'For editors, lecturers and heavy users.',
    features: [
      'Detector up to 25,000 characters',
      'Humaniser up to 15,000 characters',
      '60 requests a day per tool',
      'High queue priority',
    ],
    actionLabel: 'Upgrade to Pro',
    highlighted: true,
    tag: 'Most popular',
    detectorMaxChars: 25000,
    humaniserMaxChars: 15000,
    dailyLimit: 60,
    monthlyLimit: null,
    priority: 'high',
    rank: 3,
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    price: '$50/mo',
    cadence: 'monthly',
    tagline: 'For teams that need volume and a dedicated queue.',
    features: [
      'Detector up to 35,000 characters',
      'Humaniser up to 20,000 characters',
      'Unlimited requests',
      'Dedicated queue',
    ],
    actionLabel: 'Go Enterprise',
    highlighted: false,
    tag: null,
    detectorMaxChars: 35000,
    humaniserMaxChars: 20000,
    dailyLimit: null,
    monthlyLimit: null,
    priority: 'dedicated',
    rank: 4,
  },
] satisfies Plan[]);

/** Plans an admin can assign to an account (an empty plan means free-signup). */
export const ASSIGNABLE_PLAN_SLUGS: readonly PlanSlug[] = ['free-signup', 'basic', 'pro', 'enterprise'];
export const DEFAULT_ACCOUNT_PLAN: PlanSlug = 'free-signup';
export const GUEST_PLAN: PlanSlug = 'free-nosignup';

export function isPlanSlug(value: unknown): value is PlanSlug {
  return typeof value === 'string' && PLANS.some((p) => p.slug === value);
}

export function isAssignablePlanSlug(value: unknown): value is PlanSlug {
  return typeof value === 'string' && (ASSIGNABLE_PLAN_SLUGS as readonly string[]).includes(value);
}

export function planBySlug(slug: PlanSlug): Plan {
  const plan = PLANS.find((p) => p.slug === slug);
  if (!plan) throw new Error(`unknown plan ${slug}`);
  return plan;
}

/** The plan an account is on: its subscription's plan (case-insensitive), else free-signup. */
export function accountPlan(planSlug: string | null | undefined): Plan {
  const slug = planSlug?.trim().toLowerCase();
  return planBySlug(isAssignablePlanSlug(slug) ? slug : DEFAULT_ACCOUNT_PLAN);
}

export function maxChars(plan: Plan, feature: UsageFeature): number {
  return feature === 'detector' ? plan.detectorMaxChars : plan.humaniserMaxChars;
}
