import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The title and one-line subtitle every access screen opens with. */
export function AccessHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
    </>
  );
}

/** "Check your mail" after a link was sent (sign-up, forgot password), with a way back. */
export function MailSentPanel(props: {
  title: string;
  body: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{props.body}</Typography>
      <Link component={RouterLink} to={props.backHref}>
        {props.backLabel}
      </Link>
    </Box>
  );
}
