import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The security section's lists (passkeys, trusted devices): one row per item, its name above a
 * line of dates, its buttons beside it on wide screens and under it on phones.
 */
export function SecurityList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/** One item: `name` (bold, may carry a note), `dates` (already joined), `actions` (buttons). */
export function SecurityListItem({
  name,
  dates,
  actions,
}: {
  name: ReactNode;
  dates: string;
  actions: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        alignItems: { sm: 'center' },
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {dates}
        </Typography>
      </Box>
      {actions}
    </Box>
  );
}
