import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n';
import { KNOWN_HOME_MODULES, orderHomeModules } from './home-modules';

const ALL = {
  hasTreatmentHistory: true,
  hasAppointments: true,
  weightTrackerAllowed: true,
  referralEligible: false,
};

describe('home modules (spec 01 §2)', () => {
  it('falls back to the built-in list when the server sends none', () => {
    expect(orderHomeModules(null, ALL)).toEqual([
      'orders',
      'appointments',
      'weightTracker',
      'foryou',
      'settings',
    ]);
    expect(orderHomeModules([], ALL)).toHaveLength(5);
  });

  it('keeps the server order', () => {
    expect(orderHomeModules(['settings', 'orders'], ALL)).toEqual(['settings', 'orders']);
  });

  it('hides appointments when there are none', () => {
    expect(orderHomeModules(null, { ...ALL, hasAppointments: false })).not.toContain(
      'appointments',
    );
  });

  it('issue 9: hides orders until the customer has had a plan', () => {
    expect(orderHomeModules(null, { ...ALL, hasTreatmentHistory: false })).toEqual([
      'appointments',
      'weightTracker',
      'foryou',
      'settings',
    ]);
  });

  it('hides weightTracker when not allowed', () => {
    expect(orderHomeModules(null, { ...ALL, weightTrackerAllowed: false })).not.toContain(
      'weightTracker',
    );
  });

  it('adds referrals before the last module when eligible', () => {
    expect(
      orderHomeModules(['orders', 'foryou', 'settings'], { ...ALL, referralEligible: true }),
    ).toEqual(['orders', 'foryou', 'referrals', 'settings']);
    expect(orderHomeModules(['referrals', 'orders'], { ...ALL, referralEligible: false })).toEqual([
      'orders',
    ]);
  });

  it('leaves out names it does not know', () => {
    expect(orderHomeModules(['orders', 'mystery'], ALL)).toEqual(['orders']);
  });
});

describe('home module texts (STYLE.md rule 11)', () => {
  it('has a title and body for every module in en and es', () => {
    for (const language of ['en', 'es'] as const) {
      const modules = resources[language].home.modules as Record<
        string,
        { title?: string; body?: string }
      >;
      for (const name of KNOWN_HOME_MODULES) {
        expect(modules[name]?.title, `${language} ${name}`).toBeTruthy();
        expect(modules[name]?.body, `${language} ${name}`).toBeTruthy();
      }
    }
  });
});
