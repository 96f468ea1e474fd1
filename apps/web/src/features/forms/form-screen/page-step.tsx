import type { AnswerMap, QuestionnaireResponseItemAnswer } from '@portal/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { useTranslation } from '../../../lib/i18n-react';
import { AttachmentItem } from '../attachment-item';
import { FormItem } from '../form-item';
import type { PageView } from './form-machine';

/**
 * One page of the form: where it sits among the pages the answers show, its heading (focused
 * when the page opens, so a screen reader starts there), its questions, Back and Next (Submit
 * on the last page).
 */
export function PageStep({
  view,
  answers,
  errors,
  uploading,
  removing,
  busy,
  bmi,
  onAnswer,
  onFile,
  onRemove,
  onBack,
  onNext,
}: {
  view: PageView;
  answers: AnswerMap;
  errors: Record<string, string>;
  uploading: string | null;
  removing: string | null;
  busy: boolean;
  bmi: number | null;
  onAnswer: (linkId: string, answers: QuestionnaireResponseItemAnswer[]) => void;
  onFile: (linkId: string, file: File) => void;
  onRemove: (linkId: string) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { page, items, position, total, isLast } = view;
  useEffect(() => heading.current?.focus(), [page.linkId]);

  return (
    <Card
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
      aria-labelledby="form-page-title"
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" variant="body2">
          {t('forms.step', { current: position, total })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(position / Math.max(total, 1)) * 100}
          aria-hidden
          sx={{ my: 1, borderRadius: 1 }}
        />
        <Typography
          id="form-page-title"
          ref={heading}
          tabIndex={-1}
          variant="h2"
          sx={{ fontSize: '1.375rem', mb: 2, outline: 'none' }}
        >
          {page.text}
        </Typography>
        <Stack spacing={3}>
          {items.map((item) =>
            item.type === 'attachment' ? (
              <AttachmentItem
                key={item.linkId}
                item={item}
                answers={answers.get(item.linkId) ?? []}
                error={errors[item.linkId] ?? null}
                uploading={uploading === item.linkId}
                removing={removing === item.linkId}
                onFile={(file) => onFile(item.linkId, file)}
                onRemove={() => onRemove(item.linkId)}
              />
            ) : (
              <FormItem
                key={item.linkId}
                item={item}
                answers={answers.get(item.linkId) ?? []}
                error={errors[item.linkId] ?? null}
                calculated={bmi}
                onChange={(list) => onAnswer(item.linkId, list)}
              />
            ),
          )}
        </Stack>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            mt: 4,
            flexDirection: { xs: 'column-reverse', sm: 'row' },
          }}
        >
          {position > 1 ? (
            <Button
              variant="outlined"
              size="large"
              onClick={onBack}
              disabled={busy}
              sx={{ flex: { sm: '0 0 160px' } }}
            >
              {t('forms.back')}
            </Button>
          ) : null}
          <SubmitButton loading={busy}>{isLast ? t('forms.submit') : t('forms.next')}</SubmitButton>
        </Box>
      </CardContent>
    </Card>
  );
}
