import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import { splitReferralEmails } from '@portal/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';

export type ChipProblem = 'invalid' | 'own' | 'duplicate' | 'failed';

export interface EmailChip {
  email: string;
  problem: ChipProblem | null;
}

const CHIP_KEYS = new Set(['Enter', 'Tab', ' ', ',']);

/**
 * Spec 02 §5: the email-chip entry. Enter, Tab, space or a comma turn what is typed into chips
 * (split on commas; empty input is ignored); invalid chips are marked and say why; Backspace
 * in an empty input removes the last chip.
 */
export function EmailChipInput({
  chips,
  onAdd,
  onRemove,
  disabled,
}: {
  chips: EmailChip[];
  onAdd: (emails: string[]) => void;
  onRemove: (email: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const problemsId = useId();
  const [text, setText] = useState('');

  const commit = (value: string) => {
    const emails = splitReferralEmails(value);
    if (emails.length > 0) onAdd(emails);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (CHIP_KEYS.has(event.key) && text.trim() !== '') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Enter' || event.key === ' ' || event.key === ',') {
      // Nothing typed: Enter must not submit the form by surprise, a space adds nothing.
      event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && chips.length > 0) {
      onRemove(chips[chips.length - 1]!.email);
    }
  };

  const problems = chips.filter((c) => c.problem !== null);

  return (
    <Box>
      <InputLabel htmlFor={inputId} sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>
        {t('referrals.form.label')}
      </InputLabel>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          p: 1,
          minHeight: 56,
          border: 1,
          borderColor: problems.length ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: 'primary.main', boxShadow: 1 },
        }}
      >
        <Box
          component="ul"
          aria-label={t('referrals.form.chipsLabel')}
          sx={{ display: 'contents' }}
        >
          {chips.map((chip) => (
            <Box component="li" key={chip.email} sx={{ listStyle: 'none' }}>
              <Chip
                label={chip.email}
                color={chip.problem ? 'error' : 'primary'}
                variant={chip.problem ? 'outlined' : 'filled'}
                icon={chip.problem ? <ErrorOutlineIcon aria-hidden /> : undefined}
                onDelete={disabled ? undefined : () => onRemove(chip.email)}
                aria-invalid={chip.problem ? 'true' : undefined}
                aria-label={
                  chip.problem
                    ? t('referrals.form.chipWithProblem', {
                        email: chip.email,
                        problem: t(`referrals.problems.${chip.problem}`),
                      })
                    : chip.email
                }
                sx={{ maxWidth: '100%' }}
              />
            </Box>
          ))}
        </Box>
        <InputBase
          id={inputId}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            const value = e.target.value;
            // A pasted list: every piece before the last comma becomes a chip.
            const cut = value.lastIndexOf(',');
            if (cut >= 0) {
              commit(value.slice(0, cut));
              setText(value.slice(cut + 1).trimStart());
            } else {
              setText(value);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(text)}
          placeholder={chips.length ? '' : t('referrals.form.placeholder')}
          inputProps={{
            type: 'email',
            autoComplete: 'off',
            'aria-describedby': problems.length ? `${helpId} ${problemsId}` : helpId,
            'aria-invalid': problems.length ? 'true' : undefined,
          }}
          sx={{ flex: '1 1 180px', minWidth: 120, px: 1, minHeight: 40 }}
        />
      </Box>
      <FormHelperText id={helpId}>{t('referrals.form.help')}</FormHelperText>
      {problems.length ? (
        <Box id={problemsId} component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-live="polite">
          {problems.map((chip) => (
            <FormHelperText component="li" error key={chip.email}>
              {chip.email}: {t(`referrals.problems.${chip.problem!}`)}
            </FormHelperText>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
