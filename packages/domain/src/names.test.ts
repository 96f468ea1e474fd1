import { describe, expect, it } from 'vitest';
import { fullName, greetingName } from './names';

describe('names', () => {
  it('spec 01 §3: full name is first and last joined by a space', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('  Ada ', ' Lovelace ')).toBe('Ada Lovelace');
  });

  it('spec 01 §3: a missing part is left out without stray spaces', () => {
    expect(fullName('Ada', null)).toBe('Ada');
    expect(fullName(undefined, 'Lovelace')).toBe('Lovelace');
    expect(fullName('', '  ')).toBe('');
  });

  it('spec 01 §2: the banner uses the preferred name, or the first name if none', () => {
    expect(greetingName('Addie', 'Ada')).toBe('Addie');
    expect(greetingName(null, 'Ada')).toBe('Ada');
    expect(greetingName('  ', 'Ada')).toBe('Ada');
  });
});
