import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarEvent } from './calendar';

async function downloadIcs(event: CalendarEvent, uid: string, sequence: number) {
  const { buildIcs } = await import('./ics-file');
  const ics = buildIcs(event, { uid, sequence, now: new Date() });
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = 'appointment.ics';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** Spec 01 §2, §7: Add to Calendar with Google and Outlook links and an .ics file for Apple. */
export function AddToCalendarMenu({
  event,
  uid,
  sequence,
}: {
  event: CalendarEvent;
  uid: string;
  sequence: number;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
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
            void downloadIcs(event, uid, sequence);
            close();
          }}
        >
          {t('appointments.calendar.apple')}
        </MenuItem>
      </Menu>
    </>
  );
}
