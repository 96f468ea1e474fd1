import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useState } from 'react';
import { sendMessage, usePatientAction } from '../../api/actions';
import { errorText } from '../../api/error-text';
import { useMessageTemplates } from '../../api/patients';
import type { PatientRecord } from '../../api/types';
import { useAnnounce } from '../../layout/announcer';
import { strings } from '../../strings';
import { patientStrings as p } from '../patient-strings';
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

/** The type a message has when no template is chosen. */
const FREE_TEXT_TYPE = 'care_team';

/**
 * A message from the care team: written here, or started from a template (GET
 * /staff/message-templates), whose text fills the message to be edited before it is sent; the
 * message then carries the template's type and templateUsedId. The server sanitises the HTML.
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
  const [templateId, setTemplateId] = useState('');
  const announce = useAnnounce();
  const templates = useMessageTemplates(open);
  const template = templates.data?.find((row) => row.id === templateId);
  const send = usePatientAction(
    customerId,
    (
      api,
      input: {
        subject: string;
        body: string;
        notify: boolean;
        template?: { id: string; type: string };
      },
    ) =>
      sendMessage(api, customerId, {
        type: input.template?.type ?? FREE_TEXT_TYPE,
        html: toHtml(input.body),
        ...(input.template ? { templateUsedId: input.template.id } : {}),
        ...(input.notify ? { notify: { title: input.subject || L.defaultNotifyTitle } } : {}),
      }),
  );
  const close = () => {
    send.reset();
    setMissing(false);
    onClose();
  };
  const choose = (id: string) => {
    setTemplateId(id);
    const chosen = templates.data?.find((row) => row.id === id);
    if (chosen) {
      setBody(chosen.description);
      setMissing(false);
    }
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
            {
              subject: subject.trim(),
              body: body.trim(),
              notify,
              ...(template ? { template: { id: template.id, type: template.type } } : {}),
            },
            {
              onSuccess: () => {
                announce(t.done);
                setSubject('');
                setBody('');
                setTemplateId('');
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
          {templates.isError && <Alert severity="info">{p.templatesFailed}</Alert>}
          <TextField
            select
            label={t.messageTemplate}
            value={templateId}
            autoFocus
            helperText={templates.isPending ? p.templatesLoading : p.templateHelp}
            onChange={(event) => choose(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{p.noTemplate}</MenuItem>
            {(templates.data ?? []).map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {row.type}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t.messageSubject}
            value={subject}
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
