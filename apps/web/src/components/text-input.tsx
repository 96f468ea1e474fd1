import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';

export interface TextInputProps {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  /** Controlled value (uncontrolled when absent). */
  value?: string;
  defaultValue?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
}

/**
 * An outlined text input with its label and helper text: what MUI's TextField renders, without
 * TextField's built-in Select (and the Menu, Popover and Modal it pulls into every form page).
 */
export function TextInput({
  label,
  helperText,
  error = false,
  required = false,
  endAdornment,
  inputRef,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth variant="outlined" error={error} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperId }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
