import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import type { Carrier } from '../../gql/graphql';

// Each carrier's colour behind white text (all pass 4.5:1), with a truck: the carrier is
// named in text beside it, so the mark itself is decoration.
const COLOURS: Record<Carrier, string> = {
  ups: '#4a2a1a',
  fedex: '#4d148c',
  usps: '#2b2b63',
};

export function CarrierMark({ carrier }: { carrier: Carrier }) {
  return (
    <Box
      aria-hidden
      data-carrier={carrier}
      sx={{
        width: 40,
        height: 40,
        borderRadius: 2,
        bgcolor: COLOURS[carrier],
        color: '#ffffff',
        display: 'grid',
        placeItems: 'center',
        flex: 'none',
      }}
    >
      <LocalShippingOutlinedIcon fontSize="small" />
    </Box>
  );
}
