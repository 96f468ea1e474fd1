import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { focusRingOutset } from '../../components/layout/focus-ring';
import { messagePlainText } from '../../lib/messages/message-text';
import {
  useProviderMessagesQuery,
  type ProviderMessage,
} from '../../lib/messages/use-provider-messages';
import { useMessageTypeLabel } from '../../lib/messages/use-message-type-label';
import { MessageHeader } from './message-header';

function MessageRow({ message }: { message: ProviderMessage }) {
  const { t } = useTranslation();
  const typeLabel = useMessageTypeLabel();
  const preview = messagePlainText(message.messageSections[0]?.html ?? '');
  return (
    <Card
      component="li"
      sx={{
        listStyle: 'none',
        position: 'relative',
        '&:hover': { bgcolor: 'action.hover' },
        // The title link stretches over the card; the card draws its focus ring.
        '&:has(a:focus-visible)': focusRingOutset,
      }}
    >
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <MessageHeader
            message={message}
            headingLevel="h2"
            link={{
              to: `/messages/${message.id}`,
              label: t(message.read ? 'messages.openRead' : 'messages.openUnread', {
                type: typeLabel(message.type),
              }),
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, minWidth: 0 }}>
            {!message.read && <Chip size="small" color="primary" label={t('messages.new')} />}
            <Typography
              variant="body2"
              sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {preview}
            </Typography>
          </Box>
        </Box>
        <ChevronRightIcon aria-hidden color="action" />
      </CardContent>
    </Card>
  );
}

/** The one-way messages from the care team, newest first (spec 01 §2). */
export function MessagesScreen() {
  const { t } = useTranslation();
  const query = useProviderMessagesQuery();
  // The error screen's title is the page's one h1.
  if (query.isError) {
    return (
      <ErrorScreen
        titleKey="messages.errorTitle"
        actions={
          <Button variant="contained" onClick={() => void query.refetch()}>
            {t('messages.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('screens.messages')}
      </Typography>
      {query.isPending ? (
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('messages.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={112} />
          ))}
        </Box>
      ) : query.data.length === 0 ? (
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <MailOutlineIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
            <Typography sx={{ mb: 2 }}>{t('messages.empty')}</Typography>
            <Button variant="outlined" component={RouterLink} to="/">
              {t('messages.backHome')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}>
          {query.data.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </Box>
      )}
    </>
  );
}
