import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import {
  SUPPORTED_STATES,
  type AddressForm,
  type AddressFormInput,
  type billingAddressFormSchema,
} from '@portal/domain';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { TextInput } from '../../components/text-input';
import { useTranslation } from '../../lib/i18n-react';
import { usePlacesSuggestions, type SuggestedAddress } from '../../lib/maps/places';

/** What a chosen place fills; the second street line stays as typed. */
const SUGGESTED: readonly (keyof SuggestedAddress)[] = [
  'streetAddress1',
  'city',
  'stateCode',
  'zipCode',
];

/** The domain's address form schemas: shipping, and billing (a card's, with its PO Box wording). */
type AddressSchema = typeof billingAddressFormSchema;

/**
 * One address form's state, shared by /shipping and /billing-address: react-hook-form with
 * the domain schema the server runs too, and the street field the places script attaches to
 * (a chosen place fills the form).
 */
export function useAddressForm(initial: AddressFormInput, schema: AddressSchema) {
  const form = useForm<AddressFormInput, unknown, AddressForm>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const streetInput = useRef<HTMLInputElement>(null);
  // With the maps key set, the street field suggests addresses; a choice fills the form.
  usePlacesSuggestions(streetInput, (place) => {
    for (const name of SUGGESTED) form.setValue(name, place[name]);
    form.clearErrors();
  });
  /** The server's field errors (message keys) on the fields. */
  const showFieldErrors = (fields: Record<string, string>) => {
    for (const [name, message] of Object.entries(fields)) {
      form.setError(name as keyof AddressFormInput, { message });
    }
  };
  return { ...form, streetInput, showFieldErrors };
}

export type AddressFormState = ReturnType<typeof useAddressForm>;
type TextField = Exclude<keyof AddressFormInput, 'stateCode'>;

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
  const { control, streetInput } = form;
  const field = (name: TextField, autoComplete: string, required = true) => (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState: { error } }) => (
        <TextInput
          name={name}
          required={required}
          label={t(`address.fields.${name}`)}
          autoComplete={`${section} ${autoComplete}`}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={Boolean(error)}
          helperText={error?.message ? t(messageKey(error.message)) : undefined}
          inputRef={(element: HTMLInputElement | null) => {
            input.ref(element);
            if (name === 'streetAddress1') streetInput.current = element;
          }}
        />
      )}
    />
  );
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('firstName', 'given-name')}
        {field('lastName', 'family-name')}
      </Stack>
      {field('streetAddress1', 'address-line1')}
      {field('streetAddress2', 'address-line2', false)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('city', 'address-level2')}
        <Controller
          control={control}
          name="stateCode"
          render={({ field: select, fieldState: { error } }) => (
            // Outlined like the text fields beside it, so the row lines up (seen at 1280 px).
            <FormControl fullWidth variant="outlined" error={Boolean(error)} required>
              <InputLabel htmlFor={stateId} shrink>
                {t('address.fields.stateCode')}
              </InputLabel>
              <NativeSelect
                name={select.name}
                value={select.value}
                onChange={select.onChange}
                onBlur={select.onBlur}
                inputRef={select.ref}
                input={<OutlinedInput id={stateId} label={t('address.fields.stateCode')} notched />}
                inputProps={{
                  autoComplete: `${section} address-level1`,
                  'aria-describedby': error ? `${stateId}-helper` : undefined,
                }}
              >
                {/* No state yet (a card saved without an address): nothing looks chosen. */}
                {select.value ? null : <option value="" />}
                {SUPPORTED_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
              {error?.message ? (
                <FormHelperText id={`${stateId}-helper`}>
                  {t(messageKey(error.message))}
                </FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        {field('zipCode', 'postal-code')}
      </Stack>
    </>
  );
}
