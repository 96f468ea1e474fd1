import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useState } from 'react';
import { sendMessage, usePatientAction } from '../../api/actions';
import { errorText } from '../../api/error-text';
import type { PatientRecord } from '../../api/types';
import { useAnnounce } from '../../layout/announcer';
import { strings } from '../../strings';
import { SectionCard } from '../record-table';
import { MessagesList } from './simple-sections';

const L = strings.record;

const t = strings.actions;

/** Text as HTML paragraphs; the server sanitises whatever it is sent all the same. */
function toHtml(body: string): string {
  const escape = (line: string) =>
    line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escape(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/**
 * Free text from the care team. There is no route listing message templates yet (only one that
 * creates them), so the console sends what is written here.
 */
export function MessageDialog({
  customerId,
  open,
  onClose,
  onDone,
}: {
  customerId: string;
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [notify, setNotify] = useState(true);
  const [missing, setMissing] = useState(false);
  const announce = useAnnounce();
  const send = usePatientAction(
    customerId,
    (api, input: { subject: string; body: string; notify: boolean }) =>
      sendMessage(api, customerId, {
        type: 'care_team',
        html: toHtml(input.body),
        ...(input.notify ? { notify: { title: input.subject || L.defaultNotifyTitle } } : {}),
      }),
  );
  const close = () => {
    send.reset();
    setMissing(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="care-message-title" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (send.isPending) return;
          if (!body.trim()) {
            setMissing(true);
            return;
          }
          send.mutate(
            { subject: subject.trim(), body: body.trim(), notify },
            {
              onSuccess: () => {
                announce(t.done);
                setSubject('');
                setBody('');
                close();
                onDone?.();
              },
            },
          );
        }}
      >
        <DialogTitle id="care-message-title">{t.messageTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {send.error && <Alert severity="error">{errorText(send.error)}</Alert>}
          <TextField
            label={t.messageSubject}
            value={subject}
            autoFocus
            onChange={(event) => setSubject(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t.messageBody}
            value={body}
            required
            multiline
            minRows={4}
            error={missing}
            helperText={missing ? t.messageRequired : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          <FormControlLabel
            control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />}
            label={t.notify}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{strings.cancel}</Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t.messageSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function MessagesSection({ record }: { record: PatientRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      title={strings.patients.sections.messages}
      action={
        <Button
          variant="outlined"
          startIcon={<SendIcon aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t.messageTitle}
        </Button>
      }
    >
      <MessagesList record={record} />
      <MessageDialog customerId={record.profile.id} open={open} onClose={() => setOpen(false)} />
    </SectionCard>
  );
}
