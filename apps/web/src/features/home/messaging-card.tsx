import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { messagePlainText } from '../../lib/messages/message-text';
import { useMessageSender, useMessageTime } from '../../lib/messages/use-message-time';
import { useMessageTypeLabel } from '../../lib/messages/use-message-type-label';
import { useProviderMessagesQuery } from '../../lib/messages/use-provider-messages';

/** Spec 01 §2: the one-way-messaging card: unread count and the latest message. */
export function MessagingCard() {
  const { t } = useTranslation();
  const formatTime = useMessageTime();
  const sender = useMessageSender();
  const typeLabel = useMessageTypeLabel();
  const query = useProviderMessagesQuery();
  if (query.isPending) return <Skeleton variant="rounded" height={168} />;
  if (query.isError) return null;
  const latest = query.data[0];
  const unread = query.data.filter((m) => !m.read).length;
  return (
    <Card component="section" aria-labelledby="home-messages-title" data-tour="messages">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              bgcolor: 'primary.light',
              color: 'primary.main',
              display: 'grid',
              placeItems: 'center',
              flex: 'none',
            }}
          >
            <ForumOutlinedIcon aria-hidden />
          </Box>
          <Typography id="home-messages-title" variant="h3" component="h2" sx={{ flex: 1 }}>
            {t('home.messages.title')}
          </Typography>
          {unread > 0 && (
            <Chip
              color="primary"
              size="small"
              label={t('home.messages.unread', { count: unread })}
            />
          )}
        </Box>
        {latest ? (
          <>
            <Typography sx={{ fontWeight: 600 }}>{typeLabel(latest.type)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {sender(latest.provider_name)} · {formatTime(latest.displayTime)}
            </Typography>
            <Typography
              variant="body2"
              sx={{ mb: 2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {messagePlainText(latest.messageSections[0]?.html ?? '')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" component={RouterLink} to={`/messages/${latest.id}`}>
                {t('home.messages.open')}
              </Button>
              <Button component={RouterLink} to="/messages">
                {t('home.messages.all')}
              </Button>
            </Box>
          </>
        ) : (
          <Typography color="text.secondary">{t('home.messages.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
