import Box, { type BoxProps } from '@mui/material/Box';
import { mergeSx } from '../merge-sx';

/** UI.md: content is centred at up to 1120 px. */
export const PAGE_MAX_WIDTH_PX = 1120;

export function PageContainer({ sx, ...props }: BoxProps) {
  return (
    <Box
      {...props}
      sx={mergeSx(
        { width: '100%', maxWidth: PAGE_MAX_WIDTH_PX, mx: 'auto', px: { xs: 2, sm: 3 } },
        sx,
      )}
    />
  );
}
