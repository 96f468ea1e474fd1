import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

// Spec 01 §1: the switcher exists in the header but is disabled.
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('language.comingSoon')}>
      <span>
        <Button
          disabled
          size="small"
          startIcon={<LanguageIcon aria-hidden />}
          aria-label={t('language.label', { language: t('language.en') })}
          sx={{ minHeight: 40 }}
        >
          {t('language.enShort')}
        </Button>
      </span>
    </Tooltip>
  );
}
