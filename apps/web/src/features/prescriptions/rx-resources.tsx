import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import type { Prescription } from '../../lib/treatment/use-prescriptions';
import { LOCAL_DOSING_GUIDE_PATH } from './dosing-guide-swap';
import { VideoDialog } from './video-dialog';

type MediaAsset = Prescription['media_assets'][number];

/** Spec 02 §3: a media asset is a reference image, the dosing PDF or a tutorial video. */
export function groupResources(assets: readonly MediaAsset[]) {
  return {
    images: assets.filter((a) => a.mime_type.startsWith('image/')),
    documents: assets.filter((a) => a.mime_type === 'application/pdf'),
    videos: assets.filter((a) => a.mime_type.startsWith('video/')),
  };
}

function SubHeading({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * Spec 02 §2: reference images, the dosing PDF and tutorial videos (in a video dialog).
 * `localGuide`: the PDF gives way to the local GLP-1 dosing guide (spec 02 §9).
 */
export function RxResources({
  assets,
  localGuide = false,
}: {
  assets: readonly MediaAsset[];
  localGuide?: boolean;
}) {
  const { t } = useTranslation();
  const [video, setVideo] = useState<{ src: string; title: string } | null>(null);
  const { images, documents, videos } = groupResources(assets);
  if (!assets.length) {
    return <Typography color="text.secondary">{t('prescriptions.details.noResources')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {images.length ? (
        <Box>
          <SubHeading>{t('prescriptions.details.referenceImages')}</SubHeading>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
            }}
          >
            {images.map((image) => (
              <Box component="figure" key={image.src} sx={{ m: 0 }}>
                <Box
                  component="img"
                  src={image.src}
                  alt={image.alt_text}
                  loading="lazy"
                  sx={{
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'contain',
                    bgcolor: 'grey.50',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    display: 'block',
                  }}
                />
                <Typography
                  component="figcaption"
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 0.5 }}
                >
                  {image.alt_text}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      {documents.length ? (
        <Box>
          <SubHeading>{t('prescriptions.details.dosingGuide')}</SubHeading>
          {localGuide ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <MenuBookOutlinedIcon color="primary" aria-hidden />
              <Link component={RouterLink} to={LOCAL_DOSING_GUIDE_PATH}>
                {t('prescriptions.details.openLocalGuide')}
              </Link>
            </Box>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
              {documents.map((doc) => (
                <Box
                  component="li"
                  key={doc.src}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                >
                  <PictureAsPdfOutlinedIcon color="error" aria-hidden />
                  <Link href={doc.src} target="_blank" rel="noopener noreferrer">
                    {t('prescriptions.details.openPdf', { name: doc.alt_text })}
                  </Link>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ) : null}
      {videos.length ? (
        <Box>
          <SubHeading>{t('prescriptions.details.videos')}</SubHeading>
          <Box sx={{ display: 'grid', gap: 1 }}>
            {videos.map((v) => (
              <Button
                key={v.src}
                variant="outlined"
                startIcon={<OndemandVideoOutlinedIcon aria-hidden />}
                onClick={() => setVideo({ src: v.src, title: v.alt_text })}
                sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
              >
                {t('prescriptions.details.playVideo', { title: v.alt_text })}
              </Button>
            ))}
          </Box>
        </Box>
      ) : null}
      <VideoDialog video={video} onClose={() => setVideo(null)} />
    </Box>
  );
}
