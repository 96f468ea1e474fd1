import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

// Spec 01 §1: the switcher exists in the header but is disabled. Its name says why, so a
// screen reader hears it too (a tooltip on a disabled control reaches nobody).
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <Button
      disabled
      size="small"
      startIcon={<LanguageIcon aria-hidden />}
      aria-label={`${t('language.label', { language: t('language.en') })}. ${t('language.comingSoon')}`}
      sx={{ minHeight: 40 }}
    >
      {t('language.enShort')}
    </Button>
  );
}
