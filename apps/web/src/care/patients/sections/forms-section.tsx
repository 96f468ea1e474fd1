import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatWhen, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { SectionCard } from '../record-table';

const L = strings.record;

const s = strings.patients.sections;

/** An answer as text, whatever its type in the stored response. */
function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    return answerText(v.value ?? v.valueString ?? v.valueCoding ?? v.display ?? v.text ?? '');
  }
  return text(value);
}

function answers(form: RecordRow): { question: string; answer: string }[] {
  const list = form.answers;
  if (Array.isArray(list)) {
    return list.map((entry, at) => {
      const e = (entry ?? {}) as Record<string, unknown>;
      return {
        question: text(e.question ?? e.text ?? e.linkId) || L.question(at + 1),
        answer: answerText(e.answer ?? e.value),
      };
    });
  }
  if (list && typeof list === 'object') {
    return Object.entries(list).map(([question, answer]) => ({
      question,
      answer: answerText(answer),
    }));
  }
  return [];
}

/** Whether a provider reads the form, and who did (null: a form nobody needs to review). */
function reviewText(form: RecordRow): string | null {
  const review = form.review as { reviewedAt: string | null; reviewedBy: string | null } | null;
  if (!review) return null;
  return review.reviewedAt
    ? L.reviewedBy(review.reviewedBy ?? strings.notSet, formatWhen(review.reviewedAt))
    : L.awaitingReview;
}

/** The patient's submitted forms; the queue item's form (`highlightResponseId`) opens read. */
export function FormsSection({
  record,
  highlightResponseId,
}: {
  record: PatientRecord;
  highlightResponseId?: string | undefined;
}) {
  return (
    <SectionCard title={s.forms}>
      {record.forms.length === 0 && (
        <Typography color="text.secondary">{strings.patients.nothing}</Typography>
      )}
      {record.forms.map((form) => (
        <Box
          component="details"
          key={form.id}
          open={form.id === highlightResponseId}
          sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}
        >
          <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {text(form.title ?? form.formName ?? form.formId) || form.id}
            </Typography>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {statusLabel(form.status)} · {formatWhen(form.submittedAt ?? form.createdAt)}
              {reviewText(form) && ` · ${reviewText(form)}`}
              {form.id === highlightResponseId && L.thisItem}
            </Typography>
          </Box>
          <Box component="dl" sx={{ m: 0, pl: 2 }}>
            {answers(form).map(({ question, answer }) => (
              <Box key={question} sx={{ py: 0.5 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {question}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {answer || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </SectionCard>
  );
}
