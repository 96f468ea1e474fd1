import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { SUPPORTED_STATES, type AddressFormInput } from '@portal/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import type { z } from 'zod';
import { TextInput } from '../../components/text-input';
import { usePlacesSuggestions } from '../../lib/maps/places';

/**
 * One address form's state, shared by /shipping and /billing-address: the values, the field
 * errors (message keys), the street field the places script attaches to, and validation
 * through the domain schema the server runs too.
 */
export function useAddressForm(initial: AddressFormInput) {
  const [values, setValues] = useState<AddressFormInput>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const streetInput = useRef<HTMLInputElement>(null);
  // With the maps key set, the street field suggests addresses; a choice fills the form.
  usePlacesSuggestions(streetInput, (place) => {
    setValues((v) => ({ ...v, ...place, streetAddress2: v.streetAddress2 }));
    setErrors({});
  });
  /** The parsed values, or null with the field errors shown. */
  function validate<S extends z.ZodType>(schema: S): z.output<S> | null {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return null;
    }
    setErrors({});
    return parsed.data;
  }
  return { values, setValues, errors, setErrors, streetInput, validate };
}

export type AddressFormState = ReturnType<typeof useAddressForm>;

/**
 * The address fields: names, street lines, city, state, ZIP. `section` is the autocomplete
 * section (shipping or billing) so the browser fills the right saved address; `messageKey`
 * lets a form word a shared message its own way.
 */
export function AddressFields({
  form,
  section,
  messageKey = (key) => key,
}: {
  form: AddressFormState;
  section: 'shipping' | 'billing';
  messageKey?: (key: string) => string;
}) {
  const { t } = useTranslation();
  const stateId = useId();
  const { values, setValues, errors, streetInput } = form;
  const field = (name: keyof AddressFormInput, autoComplete: string) => ({
    name,
    label: t(`address.fields.${name}`),
    autoComplete: `${section} ${autoComplete}`,
    value: values[name] ?? '',
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(messageKey(errors[name])) : undefined,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput required {...field('firstName', 'given-name')} />
        <TextInput required {...field('lastName', 'family-name')} />
      </Stack>
      <TextInput required inputRef={streetInput} {...field('streetAddress1', 'address-line1')} />
      <TextInput {...field('streetAddress2', 'address-line2')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput required {...field('city', 'address-level2')} />
        {/* Outlined like the text fields beside it, so the row lines up (seen at 1280 px). */}
        <FormControl fullWidth variant="outlined" error={Boolean(errors.stateCode)} required>
          <InputLabel htmlFor={stateId} shrink>
            {t('address.fields.stateCode')}
          </InputLabel>
          <NativeSelect
            value={values.stateCode}
            input={<OutlinedInput id={stateId} label={t('address.fields.stateCode')} notched />}
            inputProps={{
              autoComplete: `${section} address-level1`,
              'aria-describedby': errors.stateCode ? `${stateId}-helper` : undefined,
            }}
            onChange={(e) => setValues((v) => ({ ...v, stateCode: e.target.value }))}
          >
            {/* No state yet (a card saved without an address): nothing looks chosen. */}
            {values.stateCode ? null : <option value="" />}
            {SUPPORTED_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
          {errors.stateCode ? (
            <FormHelperText id={`${stateId}-helper`}>
              {t(messageKey(errors.stateCode))}
            </FormHelperText>
          ) : null}
        </FormControl>
        <TextInput required {...field('zipCode', 'postal-code')} />
      </Stack>
    </>
  );
}
