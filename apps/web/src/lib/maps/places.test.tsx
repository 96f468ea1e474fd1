import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServices } from '../../test/render-with-services';
import type { AppConfig } from '../config';
import { ServicesProvider } from '../services';
import {
  addressFromPlace,
  loadPlaces,
  resetPlacesLoader,
  usePlacesSuggestions,
  type PlacesLibrary,
} from './places';

type Win = Window & { google?: unknown; __portalMapsReady?: () => void };
const win = window as Win;

/** A fake `google.maps.places`: records the Autocomplete it made and lets a test choose a place. */
function fakePlaces() {
  const made: { input: HTMLInputElement; options: unknown; choose: (place: unknown) => void }[] =
    [];
  const places: PlacesLibrary = {
    Autocomplete: class {
      private handler: (() => void) | undefined;
      private place: unknown = {};
      constructor(input: HTMLInputElement, options: unknown) {
        made.push({
          input,
          options,
          choose: (place) => {
            this.place = place;
            this.handler?.();
          },
        });
      }
      addListener(_event: 'place_changed', handler: () => void) {
        this.handler = handler;
        return { remove: () => (this.handler = undefined) };
      }
      getPlace() {
        return this.place as never;
      }
    },
  };
  return { places, made };
}

const chosen = {
  address_components: [
    { long_name: '1600', short_name: '1600', types: ['street_number'] },
    { long_name: 'Pennsylvania Avenue NW', short_name: 'Pennsylvania Ave NW', types: ['route'] },
    { long_name: 'Washington', short_name: 'Washington', types: ['locality', 'political'] },
    {
      long_name: 'District of Columbia',
      short_name: 'DC',
      types: ['administrative_area_level_1', 'political'],
    },
    { long_name: '20500', short_name: '20500', types: ['postal_code'] },
  ],
};

afterEach(() => {
  delete win.google;
  delete win.__portalMapsReady;
  document.head.querySelectorAll('script[src*="maps.googleapis.com"]').forEach((s) => s.remove());
  resetPlacesLoader();
});

function Form() {
  const input = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState('');
  usePlacesSuggestions(input, (a) =>
    setFilled(`${a.streetAddress1}|${a.city}|${a.stateCode}|${a.zipCode}`),
  );
  return (
    <>
      <input ref={input} aria-label="Street" />
      <output>{filled}</output>
    </>
  );
}

function renderWith(mapsApiKey: string | null) {
  const { services } = createFakeServices(() => null);
  const config: AppConfig = {
    tenantId: 'portal',
    googleSignIn: false,
    version: null,
    chatWidgetUrl: null,
    supportUrl: null,
    mapsApiKey,
    flags: {},
    payments: { provider: 'sandbox', publishableKey: null },
  };
  services.config.set(config);
  return render(
    <ServicesProvider services={services}>
      <Form />
    </ServicesProvider>,
  );
}

const mapsScripts = () =>
  document.head.querySelectorAll<HTMLScriptElement>('script[src*="maps.googleapis.com"]');

describe('address suggestions', () => {
  it('turns a chosen place into the form fields, and refuses one without a street', () => {
    expect(addressFromPlace(chosen)).toEqual({
      streetAddress1: '1600 Pennsylvania Avenue NW',
      city: 'Washington',
      stateCode: 'DC',
      zipCode: '20500',
    });
    expect(addressFromPlace({ address_components: chosen.address_components.slice(2) })).toBe(null);
  });

  it('loads nothing without a maps key', async () => {
    renderWith(null);
    await act(async () => {});
    expect(mapsScripts()).toHaveLength(0);
  });

  it('loads the places script once with the key and fills the form from the chosen place', async () => {
    const { places, made } = fakePlaces();
    renderWith('browser-key-1');
    await act(async () => {});
    const scripts = mapsScripts();
    expect(scripts).toHaveLength(1);
    const src = new URL(scripts[0]?.src ?? '');
    expect(src.searchParams.get('key')).toBe('browser-key-1');
    expect(src.searchParams.get('libraries')).toBe('places');

    // The script calls back once google.maps.places exists.
    win.google = { maps: { places } };
    act(() => {
      win.__portalMapsReady?.();
    });
    await act(() => Promise.resolve());
    expect(made).toHaveLength(1);
    expect(made[0]?.input).toBe(screen.getByRole('textbox', { name: 'Street' }));
    expect(made[0]?.options).toMatchObject({ componentRestrictions: { country: 'us' } });

    act(() => made[0]?.choose(chosen));
    expect(screen.getByRole('status').textContent).toBe(
      '1600 Pennsylvania Avenue NW|Washington|DC|20500',
    );
  });

  it('uses an already loaded library without another script', async () => {
    const { places } = fakePlaces();
    win.google = { maps: { places } };
    await expect(loadPlaces('k')).resolves.toBe(places);
    expect(mapsScripts()).toHaveLength(0);
  });
});
