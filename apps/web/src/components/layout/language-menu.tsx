import { LANGUAGES, type Language } from '@portal/domain';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from '../../lib/i18n-react';

/** The switcher's menu, its own chunk: only a usable switcher (the `spanish` flag) loads it. */
export function LanguageMenu({
  id,
  anchor,
  language,
  onClose,
  onPick,
}: {
  id: string;
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
  onPick: (language: Language) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          role="menuitemradio"
          aria-checked={option === language}
          selected={option === language}
          onClick={() => onPick(option)}
        >
          <ListItemIcon>{option === language && <CheckIcon aria-hidden />}</ListItemIcon>
          {/* Each language is named in itself, so a reader of it can find it. */}
          <ListItemText primary={t(`language.endonyms.${option}`)} />
        </MenuItem>
      ))}
    </Menu>
  );
}
