import { LANGUAGES, type Language } from '@portal/domain';
import CheckIcon from '@mui/icons-material/Check';
import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '../../lib/i18n-app';

// Spec 01 §1: the switcher exists in the header but is disabled; the `spanish` flag turns it
// on. Its accessible name starts with the visible text (WCAG 2.5.3, label in name) and says
// why it is disabled, so a screen reader hears that too (a tooltip on a disabled control
// reaches nobody).
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { enabled, language, choose } = useLanguageChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const short = t(`language.short.${language}`);
  const name = t(`language.names.${language}`);

  if (!enabled) {
    return (
      <Button
        disabled
        size="small"
        startIcon={<LanguageIcon aria-hidden />}
        aria-label={t('language.disabledLabel', { short, language: name })}
        sx={{ minHeight: 40 }}
      >
        {short}
      </Button>
    );
  }

  const pick = (next: Language) => {
    setAnchor(null);
    if (next !== language) choose(next);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<LanguageIcon aria-hidden />}
        aria-label={t('language.chooseLabel', { short, language: name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 40 }}
      >
        {short}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            lang={option}
            role="menuitemradio"
            aria-checked={option === language}
            selected={option === language}
            onClick={() => pick(option)}
          >
            <ListItemIcon>{option === language && <CheckIcon aria-hidden />}</ListItemIcon>
            {/* Each language is named in itself, so a reader of it can find it. */}
            <ListItemText primary={t(`language.endonyms.${option}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
