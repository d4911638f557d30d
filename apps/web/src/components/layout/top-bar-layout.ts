// The top bar's breakpoints and link styles, shared by the bar (TopBar.tsx) and its account block (TopBarAccount.tsx).

/** From the desktop bar (961 px) to where the compact usage line fits beside the links (1100 px). */
export const NARROW_BAR = '@media (min-width: 961px) and (max-width: 1099.95px)';
/** An admin's bar has one link more (Admin): its greeting and usage line come back from 1160 px. */
export const ADMIN_NARROW_BAR = '@media (min-width: 961px) and (max-width: 1159.95px)';
/** Up to the wide layout an admin's bar is tight: 'Sign out' closer to the account link and narrower. */
export const ADMIN_TIGHT_BAR = '@media (min-width: 961px) and (max-width: 1199.95px)';

/**
 * A top-bar link's box: full width in the menu drawer; in the bar, tight (8 px each side, no minimum width) so the
 * landing sections, Blog and a signed-in account's Batch and API keys fit from 961 px up, next to the greeting.
 */
export const linkLayoutSx = (block: boolean) => ({
  justifyContent: block ? 'flex-start' : 'center',
  px: block ? 1.5 : 1,
  minWidth: block ? undefined : 0,
  whiteSpace: 'nowrap',
  ...(block ? {} : { [NARROW_BAR]: { px: 0.75 } }),
});

/** The current page's (or landing section's) link stands out. */
export const linkStateSx = (current: boolean) => ({
  color: current ? 'primary.main' : 'text.secondary',
  fontWeight: current ? 750 : 600,
  bgcolor: current ? 'rgba(27,42,74,0.08)' : 'transparent',
});
