import CreditCardIcon from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';

const BRAND_COLOURS: Record<string, string> = {
  Visa: '#1a1f71',
  Mastercard: '#eb001b',
  Amex: '#2e77bc',
  Discover: '#e55c20',
  JCB: '#0b4ea2',
  Diners: '#004a97',
};

/** A card's brand as a small badge beside a card icon (spec 02 §3 brands); decorative. */
export function CardBrandMark({ brand }: { brand: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        color: BRAND_COLOURS[brand] ?? 'text.primary',
        fontWeight: 700,
        fontSize: '0.75rem',
        minWidth: 64,
      }}
    >
      <CreditCardIcon fontSize="small" />
      {brand}
    </Box>
  );
}
