import Button from '@mui/material/Button';
import LanguageIcon from '@mui/icons-material/Language';
import { useConsoleLanguage } from './language-context';

// Two languages: one button that offers the other, named in that language (with its lang, so
// a screen reader says it right). Its accessible name is its visible text.
const OTHER = {
  en: { language: 'es', name: 'Español' },
  es: { language: 'en', name: 'English' },
} as const;

export function LanguageButton({ color }: { color?: 'inherit' | 'primary' }) {
  const { language, choose } = useConsoleLanguage();
  const other = OTHER[language];
  return (
    <Button
      color={color ?? 'primary'}
      size="small"
      startIcon={<LanguageIcon aria-hidden />}
      lang={other.language}
      onClick={() => choose(other.language)}
    >
      {other.name}
    </Button>
  );
}
