import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { GetAppointmentCalendarFileDocument } from '../../gql/graphql';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarEvent } from './calendar';

function download(content: string, filename: string) {
  const href = URL.createObjectURL(new Blob([content], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/**
 * Spec 01 §2, §7: Add to Calendar with Google and Outlook links and an .ics file for Apple.
 * Issue 43: the file is the server's, the same as the last mail's (its UID and SEQUENCE), so
 * a calendar that took the mail's invitation updates that event instead of adding another.
 */
export function AddToCalendarMenu({
  appointmentId,
  event,
}: {
  appointmentId: string;
  event: CalendarEvent;
}) {
  const { t } = useTranslation();
  const { graphql } = useServices();
  const { showAlert } = useAlerts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const downloadIcs = async () => {
    try {
      const { appointmentCalendarFile: file } = await graphql.request(
        GetAppointmentCalendarFileDocument,
        { appointmentId },
      );
      if (!file) throw new Error('no calendar file');
      download(file.content, file.filename);
    } catch {
      showAlert({ messageKey: 'appointments.calendar.downloadFailed', severity: 'error' });
    }
  };
  return (
    <>
      <Button
        variant="text"
        startIcon={<EventOutlinedIcon aria-hidden />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('appointments.card.addToCalendar')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          component="a"
          href={googleCalendarUrl(event)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          {t('appointments.calendar.google')}
        </MenuItem>
        <MenuItem
          component="a"
          href={outlookCalendarUrl(event)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          {t('appointments.calendar.outlook')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            void downloadIcs();
            close();
          }}
        >
          {t('appointments.calendar.apple')}
        </MenuItem>
      </Menu>
    </>
  );
}
