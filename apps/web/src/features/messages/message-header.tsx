import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { initialsOf } from '../../lib/format';
import type { ProviderMessage } from '../../lib/messages/use-provider-messages';
import { useMessageSender, useMessageTime } from '../../lib/messages/use-message-time';
import { useMessageTypeLabel } from '../../lib/messages/use-message-type-label';

/**
 * A title link whose hit area stretches over the nearest positioned ancestor (the list card):
 * the whole card opens the message, while the link's own text, and so its name, is the title.
 */
const stretchedLink = {
  color: 'inherit',
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
  '&:focus-visible': { outline: 'none', boxShadow: 'none' },
} as const;

/**
 * Spec 01 §2 Message detail: type, time and provider. In the list, `link` makes the title the
 * card's one link; its name (`label`) contains the title it shows (WCAG 2.5.3).
 */
export function MessageHeader({
  message,
  headingLevel,
  link,
}: {
  message: ProviderMessage;
  headingLevel: 'h1' | 'h2';
  link?: { to: string; label: string };
}) {
  const formatTime = useMessageTime();
  const sender = useMessageSender();
  const typeLabel = useMessageTypeLabel();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
      <Avatar src={message.provider_image ?? undefined} alt="" sx={{ width: 44, height: 44 }}>
        {initialsOf(message.provider_name) ?? <ForumOutlinedIcon aria-hidden />}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant={headingLevel === 'h1' ? 'h2' : 'h3'}
          component={headingLevel}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {link ? (
            <Link component={RouterLink} to={link.to} aria-label={link.label} sx={stretchedLink}>
              {typeLabel(message.type)}
            </Link>
          ) : (
            typeLabel(message.type)
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {sender(message.provider_name)} ·{' '}
          <time dateTime={message.displayTime}>{formatTime(message.displayTime)}</time>
        </Typography>
      </Box>
    </Box>
  );
}
