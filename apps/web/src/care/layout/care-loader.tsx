import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { strings } from '../strings';

/** While the console's own chunk loads (the portal's loader reads the portal's catalogue). */
export function CareLoader() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={strings.loading} />
    </Box>
  );
}
