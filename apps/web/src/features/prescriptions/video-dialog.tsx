import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 02 §2: tutorial videos play in an embedded video dialog. */
export function VideoDialog({
  video,
  onClose,
}: {
  video: { src: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={Boolean(video)}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="video-dialog-title"
    >
      <DialogTitle id="video-dialog-title" sx={{ pr: 7 }}>
        {video?.title}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t('prescriptions.details.closeVideo')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon aria-hidden />
      </IconButton>
      <DialogContent>
        {video ? (
          <Box
            sx={{
              position: 'relative',
              pt: '56.25%',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'grey.900',
            }}
          >
            <Box
              component="iframe"
              src={video.src}
              title={video.title}
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
