import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The one centred card for an empty list, a load failure or a screen still to come: an
 * optional icon (decorative) and title, a sentence, and an optional action below it.
 */
export function StatusCard({
  icon,
  title,
  message,
  action,
}: {
  icon?: ReactNode;
  title?: string;
  message?: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        {icon}
        {title ? (
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: message ? 1 : 2 }}>
            {title}
          </Typography>
        ) : null}
        {message ? <Typography sx={{ mb: action ? 2 : 0 }}>{message}</Typography> : null}
        {action}
      </CardContent>
    </Card>
  );
}
