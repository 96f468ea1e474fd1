import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildIcs, googleCalendarUrl, outlookCalendarUrl, type CalendarEvent } from './calendar';

function downloadIcs(event: CalendarEvent, uid: string) {
  const blob = new Blob([buildIcs(event, uid, new Date())], { type: 'text/calendar' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = 'appointment.ics';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** Spec 01 §2, §7: Add to Calendar with Google and Outlook links and an .ics file for Apple. */
export function AddToCalendarMenu({ event, uid }: { event: CalendarEvent; uid: string }) {
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
            downloadIcs(event, uid);
            close();
          }}
        >
          {t('appointments.calendar.apple')}
        </MenuItem>
      </Menu>
    </>
  );
}
