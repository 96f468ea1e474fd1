import { ID_CHECK_SIDES, type IdCheckSide } from '@portal/domain';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { PATHS } from '../../lib/routes';
import { useIdVerification } from './use-id-verification';
import { useSubmitIdVerification } from './use-submit-id-verification';
import { useUploadIdImage } from './use-upload-id-image';

const UPLOADED = {
  front: 'front_uploaded',
  back: 'back_uploaded',
  selfie: 'selfie_uploaded',
} as const;

function SideUpload({
  side,
  uploaded,
  busy,
  onFile,
}: {
  side: IdCheckSide;
  uploaded: boolean;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const inputId = `id-upload-${side}`;
  const headingId = `id-side-${side}`;
  const chooseId = `id-choose-${side}`;
  const statusId = `id-status-${side}`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {uploaded ? (
          <CheckCircleIcon color="success" aria-hidden />
        ) : (
          <BadgeOutlinedIcon color="primary" aria-hidden />
        )}
        <Stack sx={{ flex: '1 1 200px' }}>
          <Typography id={headingId} component="h2" variant="h3">
            {t(`forms.id.sides.${side}`)}
          </Typography>
          <Typography id={statusId} role="status" variant="body2" color="text.secondary">
            {uploaded ? t('forms.id.uploaded') : t(`forms.id.hints.${side}`)}
          </Typography>
        </Stack>
        {/* A real button opens the picker, so Tab, Enter and Space work as for any button. */}
        <Button
          variant={uploaded ? 'outlined' : 'contained'}
          disabled={busy}
          aria-labelledby={`${chooseId} ${headingId}`}
          aria-describedby={statusId}
          onClick={() => input.current?.click()}
        >
          <span id={chooseId}>{uploaded ? t('forms.id.replace') : t('forms.id.choose')}</span>
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
      </CardContent>
    </Card>
  );
}

/**
 * /id-verification (spec 02 §2, issue 15): the front and back of a photo ID and a selfie go to
 * the care team, who verify the check or turn it down with a reason the customer acts on.
 */
export function IdVerificationScreen() {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const check = useIdVerification();
  const upload = useUploadIdImage();
  const submit = useSubmitIdVerification();
  const [uploading, setUploading] = useState<IdCheckSide | null>(null);
  useEffect(() => {
    if (check.isError) showAlert({ code: 'F101' });
  }, [check.isError, showAlert]);

  const current = check.data;
  const rejected = current?.status === 'rejected';
  // After a rejection the next upload starts a new check: nothing of it is uploaded yet.
  const uploaded = (side: IdCheckSide) =>
    !!current && current.status === 'requested' && current[UPLOADED[side]];
  const onFile = (side: IdCheckSide, file: File) => {
    setUploading(side);
    upload.mutate(
      { side, file },
      {
        onError: () => showAlert({ code: 'A103' }),
        onSettled: () => setUploading(null),
      },
    );
  };

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('forms.id.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('forms.id.intro')}
      </Typography>
      {check.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label={t('forms.id.loading')} />
      ) : null}
      {check.isError ? (
        <StatusCard title={t('forms.errorTitle')} message={t('forms.errorMessage')} />
      ) : null}
      {/* The care team's decision arrives while the screen is open: say it when it does. */}
      <Box aria-live="polite">
        {current?.status === 'verified' ? (
          <StatusCard
            icon={<CheckCircleIcon color="success" sx={{ fontSize: 40, mb: 1 }} aria-hidden />}
            title={t('forms.id.verified')}
            action={
              <Button variant="contained" component={RouterLink} to={PATHS.home}>
                {t('forms.done.home')}
              </Button>
            }
          />
        ) : null}
        {current?.status === 'in_review' ? <StatusCard title={t('forms.id.inReview')} /> : null}
      </Box>
      {check.isSuccess && (!current || current.status === 'requested' || rejected) ? (
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate(undefined, { onError: () => showAlert({ code: 'A103' }) });
          }}
        >
          {rejected ? (
            <Alert severity="warning">
              <AlertTitle>{t('forms.id.rejected')}</AlertTitle>
              {t(`forms.id.reasons.${current.rejection_reason ?? 'other'}`)}
              {current.rejection_note ? ` ${current.rejection_note}` : ''}
            </Alert>
          ) : null}
          {ID_CHECK_SIDES.map((side) => (
            <SideUpload
              key={side}
              side={side}
              uploaded={uploaded(side)}
              busy={uploading !== null}
              onFile={(file) => onFile(side, file)}
            />
          ))}
          <SubmitButton
            loading={submit.isPending}
            disabled={!ID_CHECK_SIDES.every(uploaded) || uploading !== null}
          >
            {t('forms.id.send')}
          </SubmitButton>
        </Stack>
      ) : null}
    </>
  );
}
