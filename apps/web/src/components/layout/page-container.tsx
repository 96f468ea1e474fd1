import Box, { type BoxProps } from '@mui/material/Box';
import { PAGE_MAX_WIDTH_PX } from '../../app/theme';

export function PageContainer({ sx, ...props }: BoxProps) {
  return (
    <Box
      {...props}
      sx={[
        { width: '100%', maxWidth: PAGE_MAX_WIDTH_PX, mx: 'auto', px: { xs: 2, sm: 3 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
