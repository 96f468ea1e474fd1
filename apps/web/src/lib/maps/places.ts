import { useEffect, useRef, type RefObject } from 'react';
import { useAppConfig } from '../use-app-config';

/*
 * Address suggestions (issue 14): with MAPS_API_KEY set (served in /config.json as mapsApiKey)
 * the maps places script is loaded on demand, once, when an address form opens, and the street
 * field suggests addresses; choosing one fills the form. Without a key nothing loads and the
 * form is typed by hand (the browser's own autofill still works). The server's CSP allows the
 * maps origin only when the key is set.
 */

/** The parts of `google.maps.places` the forms use (typed here; no @types package needed). */
interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface PlaceResult {
  address_components?: AddressComponent[];
}
interface Autocomplete {
  addListener(event: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): PlaceResult;
}
export interface PlacesLibrary {
  Autocomplete: new (
    input: HTMLInputElement,
    options: {
      types: string[];
      componentRestrictions: { country: string };
      fields: string[];
    },
  ) => Autocomplete;
}
interface MapsWindow {
  google?: { maps?: { places?: PlacesLibrary } };
}

/** The address fields a chosen place fills (the form's own names). */
export interface SuggestedAddress {
  streetAddress1: string;
  city: string;
  stateCode: string;
  zipCode: string;
}

const CALLBACK = '__portalMapsReady';
let loading: Promise<PlacesLibrary> | null = null;

function placesOf(win: MapsWindow): PlacesLibrary | undefined {
  return win.google?.maps?.places;
}

/** Loads the places script once (with the page's CSP nonce); resolves with `google.maps.places`. */
export function loadPlaces(apiKey: string, doc: Document = document): Promise<PlacesLibrary> {
  const win = (doc.defaultView ?? window) as unknown as MapsWindow & Record<string, unknown>;
  const ready = placesOf(win);
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PlacesLibrary>((resolve, reject) => {
    const script = doc.createElement('script');
    const params = new URLSearchParams({
      key: apiKey,
      libraries: 'places',
      loading: 'async',
      callback: CALLBACK,
    });
    win[CALLBACK] = () => {
      const places = placesOf(win);
      if (places) resolve(places);
      else reject(new Error('maps script loaded without places'));
    };
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    const nonce = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      loading = null;
      reject(new Error('maps script failed to load'));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

/** For tests: forget a load in progress. */
export function resetPlacesLoader(): void {
  loading = null;
}

/** A chosen place's components as the form's fields (street number + route, city, state, ZIP). */
export function addressFromPlace(place: PlaceResult): SuggestedAddress | null {
  const parts = place.address_components ?? [];
  const part = (type: string, short = false) => {
    const found = parts.find((p) => p.types.includes(type));
    return (short ? found?.short_name : found?.long_name) ?? '';
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  if (!street) return null;
  return {
    streetAddress1: street,
    city: part('locality') || part('sublocality') || part('postal_town'),
    stateCode: part('administrative_area_level_1', true),
    zipCode: part('postal_code'),
  };
}

/**
 * Attaches address suggestions to the street input when the maps key is set; `onPlace` gets the
 * chosen address. A failed script load leaves the form as it is (typing still works).
 */
export function usePlacesSuggestions(
  input: RefObject<HTMLInputElement | null>,
  onPlace: (address: SuggestedAddress) => void,
): void {
  const { mapsApiKey } = useAppConfig();
  const latest = useRef(onPlace);
  useEffect(() => {
    latest.current = onPlace;
  });
  useEffect(() => {
    if (!mapsApiKey) return undefined;
    let cancelled = false;
    let listener: { remove(): void } | undefined;
    loadPlaces(mapsApiKey)
      .then((places) => {
        const element = input.current;
        if (cancelled || !element) return;
        const autocomplete = new places.Autocomplete(element, {
          types: ['address'],
          componentRestrictions: { country: 'us' },
          fields: ['address_components'],
        });
        listener = autocomplete.addListener('place_changed', () => {
          const address = addressFromPlace(autocomplete.getPlace());
          if (address) latest.current(address);
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      listener?.remove();
    };
  }, [mapsApiKey, input]);
}
