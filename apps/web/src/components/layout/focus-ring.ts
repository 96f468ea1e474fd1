// One visible focus ring for every interactive element (WCAG 2.4.7, 2.4.11): a dark ring, with a
// white halo between it and the element, so it shows on white, on the grey page, on the primary
// tint and around the filled primary button alike (the ring is 15:1 on white; the halo keeps it
// apart from any fill). app/theme.ts applies it through MUI's focusVisible state; components
// that draw their own ring (a card around a stretched link) use the same values.

export const FOCUS_RING_COLOR = '#1b2733';
export const FOCUS_HALO_COLOR = '#ffffff';

/** Outside the element: buttons, icon buttons, links, checkboxes. */
export const focusRingOutset = {
  outline: `3px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${FOCUS_HALO_COLOR}`,
} as const;

/**
 * Inside the element, for items in a clipping container (menus, lists, tabs, cards): there the
 * ring borders only light surfaces, so it needs no halo.
 */
export const focusRingInset = {
  outline: `3px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: '-3px',
} as const;
