import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { initialsOf } from '../../lib/format';
import type { ProviderMessage } from '../../lib/messages/use-provider-messages';
import { useMessageSender, useMessageTime } from '../../lib/messages/use-message-time';
import { useMessageTypeLabel } from '../../lib/messages/use-message-type-label';

/** Spec 01 §2 Message detail: type, time and provider. */
export function MessageHeader({
  message,
  headingLevel,
}: {
  message: ProviderMessage;
  headingLevel: 'h1' | 'h2';
}) {
  const formatTime = useMessageTime();
  const sender = useMessageSender();
  const typeLabel = useMessageTypeLabel();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
      <Avatar
        src={message.provider_image ?? undefined}
        alt=""
        sx={{ width: 44, height: 44, bgcolor: 'primary.light', color: 'primary.main' }}
      >
        {initialsOf(message.provider_name) ?? <ForumOutlinedIcon aria-hidden />}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant={headingLevel === 'h1' ? 'h2' : 'h3'}
          component={headingLevel}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {typeLabel(message.type)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {sender(message.provider_name)} ·{' '}
          <time dateTime={message.displayTime}>{formatTime(message.displayTime)}</time>
        </Typography>
      </Box>
    </Box>
  );
}
