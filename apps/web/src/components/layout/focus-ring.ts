// One visible focus ring for every interactive element (WCAG 2.4.7, 2.4.11): a dark ring, with a
// white halo between it and the element, so it shows on white, on the grey page, on the primary
// tint and around the filled primary button alike (the ring is 15:1 on white; the halo keeps it
// apart from any fill). app/theme.ts hands it to MUI's theme-wide `focusVisible`; what MUI does
// not draw (a card around a stretched link, native elements) uses the same values.

export const FOCUS_RING_COLOR = '#1b2733';
export const FOCUS_HALO_COLOR = '#ffffff';

/** The theme's `focusVisible` (MUI applies it to the `Mui-focusVisible` state). */
export const FOCUS_RING = {
  outlineStyle: 'solid',
  outlineColor: FOCUS_RING_COLOR,
  outlineWidth: 3,
  outlineOffset: 2,
  boxShadow: `0 0 0 2px ${FOCUS_HALO_COLOR}`,
} as const;

/** The same ring for elements MUI does not draw: native links and buttons, the tour's buttons. */
export const focusRingOutset = {
  outline: `3px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${FOCUS_HALO_COLOR}`,
} as const;
