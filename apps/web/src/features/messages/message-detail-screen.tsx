import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { sanitizeMessageHtml } from '../../lib/messages/message-html';
import { useMarkMessageRead } from '../../lib/messages/use-mark-message-read';
import { useProviderMessagesQuery } from '../../lib/messages/use-provider-messages';
import { MessageHeader } from './message-header';
import { MessageHelp } from './message-help';

const htmlSx = {
  overflowWrap: 'anywhere',
  '& img': { maxWidth: '100%', height: 'auto' },
  '& p:first-of-type': { mt: 0 },
  '& p:last-of-type': { mb: 0 },
  '& a': { color: 'primary.main' },
} as const;

function SafeHtml({ html }: { html: string }) {
  // Sanitized with DOMPurify right here, never stored unsanitized in the DOM.
  return <Box sx={htmlSx} dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(html) }} />;
}

/** Spec 01 §2 Message detail: body, then later sections as accordions; opening marks read. */
export function MessageDetailScreen() {
  const { t } = useTranslation();
  const { messageId } = useParams();
  const query = useProviderMessagesQuery();
  const markRead = useMarkMessageRead();
  const message = query.data?.find((m) => m.id === messageId);
  const marked = useRef<string | null>(null);

  useEffect(() => {
    if (!message || message.read || marked.current === message.id) return;
    marked.current = message.id;
    markRead.mutate(message.id);
  }, [message, markRead]);

  const back = (
    <Button component={RouterLink} to="/messages" startIcon={<ArrowBackIcon aria-hidden />}>
      {t('messages.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label={t('messages.loading')}>
        <Skeleton variant="text" width={160} height={40} />
        <Skeleton variant="rounded" height={280} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!message) {
    return (
      <ErrorScreen
        titleKey={query.isError ? 'messages.errorTitle' : 'messages.notFound'}
        actions={back}
      />
    );
  }
  const [body, ...more] = message.messageSections;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        {back}
        <MessageHelp />
      </Box>
      <Card component="article">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <MessageHeader message={message} headingLevel="h1" />
          {body && (
            <Box sx={{ mt: 3 }}>
              <SafeHtml html={body.html} />
            </Box>
          )}
          {more.length > 0 && (
            <Box sx={{ mt: 3 }}>
              {more.map((section, index) => (
                <Accordion key={`${section.name}-${index}`} disableGutters variant="outlined">
                  <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden />}>
                    <Typography component="h2" sx={{ fontWeight: 600 }}>
                      {section.name}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <SafeHtml html={section.html} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </>
  );
}
