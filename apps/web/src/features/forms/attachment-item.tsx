import type { QuestionnaireItem, QuestionnaireResponseItemAnswer } from '@portal/domain';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { ATTACHMENT_ACCEPT } from './attachment-file';

type Answers = QuestionnaireResponseItemAnswer[];

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * An attachment question: a real button opens the file picker (so Tab, Enter and Space work),
 * the hidden file input takes images and PDF, and a live status says what is attached or
 * being uploaded; refusals (type, size) are tied to the button for screen readers.
 */
export function AttachmentItem({
  item,
  answers,
  error,
  uploading,
  removing = false,
  onFile,
  onRemove,
}: {
  item: QuestionnaireItem;
  answers: Answers;
  error: string | null;
  uploading: boolean;
  /** The file is being taken off (and deleted) on the server. */
  removing?: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const statusId = useId();
  const helpId = useId();
  const chooseId = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = answers[0]?.valueAttachment;
  const label = item.text ?? item.linkId;
  const busy = uploading || removing;
  const status = uploading
    ? t('forms.attachment.uploading')
    : removing
      ? t('forms.attachment.removing')
      : file
        ? t('forms.attachment.attached', {
            // The upload's name starts with a time stamp that keeps it unique; the customer
            // sees the name they chose.
            name: (file.title ?? '').replace(/^\d{10,}-/, ''),
            size: sizeText(file.size),
          })
        : t('forms.attachment.none');

  return (
    <FormControl error={!!error} required={item.required === true}>
      <FormLabel id={labelId} sx={{ color: 'text.primary', mb: 1 }}>
        {label}
      </FormLabel>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={
            busy ? <CircularProgress size={18} aria-hidden /> : <AttachFileIcon aria-hidden />
          }
          disabled={busy}
          aria-labelledby={`${chooseId} ${labelId}`}
          aria-describedby={error ? `${statusId} ${helpId}` : statusId}
          onClick={() => input.current?.click()}
        >
          <span id={chooseId}>
            {file ? t('forms.attachment.replace') : t('forms.attachment.choose')}
          </span>
        </Button>
        {file && !busy ? (
          <Button variant="text" onClick={onRemove} aria-describedby={statusId}>
            {t('forms.attachment.remove')}
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ mt: 1 }}>
        <Typography id={statusId} role="status" variant="body2" color="text.secondary">
          {status}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('forms.attachment.hint')}
        </Typography>
      </Box>
      {error ? (
        <FormHelperText id={helpId}>
          {t(error, { defaultValue: t('forms.errors.invalid') })}
        </FormHelperText>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        hidden
        tabIndex={-1}
        data-testid={`attachment-${item.linkId}`}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = '';
        }}
      />
    </FormControl>
  );
}
