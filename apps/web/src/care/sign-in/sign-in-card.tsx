import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { LanguageButton } from '../language/language-button';

/**
 * One step of sign-in: a card with its heading (focused when the step appears, so a screen
 * reader hears where it is), an error (announced), and its form.
 */
export function SignInCard({
  title,
  intro,
  error,
  onSubmit,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <Box
      component="main"
      id="main"
      sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 2, sm: 3 } }}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mb: 1 }}>
            <LanguageButton />
          </Box>
          <Typography variant="h1" ref={heading} tabIndex={-1} sx={{ mb: 1 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
          )}
          {/* MUI's Alert is role="alert": inserted, it is read out at once. */}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
            {children}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
