import { createTheme as muiCreateTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeOptions } from './theme';
import { createTheme } from './mui-create-theme';

/** A theme as data: functions by their source, cycles cut. */
function shape(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'function') return `function ${String(value)}`;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => shape(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item, seen)]));
}

// Issue 16: the build gives MUI this createTheme in place of its own (mui-build.ts). The tests
// run MUI's own, so here the two meet: same theme for the app's options and for MUI's default.
describe("the build's createTheme", () => {
  it("makes the app's theme as MUI's createTheme does", () => {
    expect(shape(createTheme(themeOptions))).toEqual(shape(muiCreateTheme(themeOptions)));
    expect(createTheme(themeOptions).palette.primary.main).toBe('#0b5c7a');
  });

  it("makes MUI's default theme (every component's fallback) as MUI's does", () => {
    expect(shape(createTheme())).toEqual(shape(muiCreateTheme()));
  });

  it('refuses CSS variables and colour schemes rather than make another theme', () => {
    expect(shape(muiCreateTheme({ ...themeOptions, cssVariables: true }))).not.toEqual(
      shape(muiCreateTheme(themeOptions)),
    );
    expect(() => createTheme({ cssVariables: true })).toThrow(/CSS variables/);
    expect(() => createTheme({ colorSchemes: { dark: true } })).toThrow(/colour schemes/);
  });
});
