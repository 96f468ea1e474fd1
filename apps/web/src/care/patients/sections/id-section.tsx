import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { idImages } from '../../api/actions';
import { useCare } from '../../api/services';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatWhen, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { SectionCard } from '../record-table';

const s = strings.patients.sections;
const t = strings.actions;
const SIDES = ['front', 'back', 'selfie'] as const;

/** The signed links of a check's images (short-lived; each signing is audited on the server). */
function IdImages({ verification }: { verification: RecordRow }) {
  const { api } = useCare();
  const inline = (verification.images ?? null) as Partial<Record<string, string | null>> | null;
  const images = useQuery({
    queryKey: ['care', 'id-images', verification.id],
    queryFn: () => idImages(api, verification.id),
    enabled: !inline,
    // Signed links expire: ask again a little before they do, never cache them for long.
    staleTime: 60_000,
  });
  const links = inline ?? images.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
      }}
    >
      {SIDES.map((side) => {
        const src = links?.[side];
        return (
          <Box component="figure" key={side} sx={{ m: 0 }}>
            {src ? (
              <Box
                component="img"
                src={src}
                alt={t.idImages[side]}
                sx={{ width: '100%', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {images.isLoading ? strings.loading : t.idNoImage}
              </Typography>
            )}
            <Typography component="figcaption" variant="body2">
              {t.idImages[side]}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

export function IdSection({ record }: { record: PatientRecord }) {
  return (
    <SectionCard title={s.id}>
      {record.idVerifications.length === 0 && (
        <Typography color="text.secondary">{strings.patients.nothing}</Typography>
      )}
      {record.idVerifications.map((v) => (
        <Box key={v.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {statusLabel(v.status)} · {formatWhen(v.submittedAt ?? v.createdAt)}
            {text(v.rejectionReason) && ` · ${t.idReasons[text(v.rejectionReason)] ?? ''}`}
          </Typography>
          {text(v.status) === 'in_review' && <IdImages verification={v} />}
        </Box>
      ))}
    </SectionCard>
  );
}
