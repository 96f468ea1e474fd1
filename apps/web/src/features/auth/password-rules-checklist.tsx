import { passwordRules } from '@portal/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 01 §5: the password rules, ticked live as the customer types. */
export function PasswordRulesChecklist({
  password,
  confirm,
}: {
  password: string;
  confirm: string;
}) {
  const { t } = useTranslation();
  const rules = passwordRules(password);
  const items: [string, boolean][] = [
    ['passwordRules.minLength', rules.minLength],
    ['passwordRules.letterAndNumber', rules.letterAndNumber],
    ['passwordRules.capital', rules.capital],
    ['passwordRules.match', password !== '' && password === confirm],
  ];
  return (
    <Box
      component="ul"
      aria-label={t('passwordRules.label')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {items.map(([key, met]) => (
        <Box
          component="li"
          key={key}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
        >
          {met ? (
            <CheckCircleIcon fontSize="small" color="success" aria-hidden />
          ) : (
            <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'grey.500' }} aria-hidden />
          )}
          <Typography variant="body2" color={met ? 'success.main' : 'text.secondary'}>
            {t(key)}
            <Box component="span" sx={visuallyHidden}>
              {met ? t('passwordRules.met') : t('passwordRules.notMet')}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
