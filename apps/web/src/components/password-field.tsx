import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n-react';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setVisible((v) => !v)}
            edge="end"
            aria-label={visible ? t('password.hide') : t('password.show')}
            aria-pressed={visible}
          >
            {visible ? (
              <VisibilityOffOutlinedIcon aria-hidden />
            ) : (
              <VisibilityOutlinedIcon aria-hidden />
            )}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
