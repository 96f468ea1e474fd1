import { DEFAULT_HOME_MODULES } from '@portal/domain';

export const KNOWN_HOME_MODULES = [...DEFAULT_HOME_MODULES, 'referrals'] as const;
export type HomeModule = (typeof KNOWN_HOME_MODULES)[number];

export interface HomeModuleRules {
  /** Issue 9: orders apply once the customer has had a plan; before that the module waits. */
  hasTreatmentHistory: boolean;
  hasAppointments: boolean;
  weightTrackerAllowed: boolean;
  referralEligible: boolean;
}

function isKnown(name: string): name is HomeModule {
  return (KNOWN_HOME_MODULES as readonly string[]).includes(name);
}

/**
 * Spec 01 §2: the server's list (built-in list as fallback), with appointments hidden when
 * there are none, weightTracker hidden when not allowed, and referrals added before the last
 * module when the customer is eligible. Names the web does not know are left out. Issue 9:
 * modules that do not apply yet stay away, so orders wait for the customer's first plan.
 */
export function orderHomeModules(
  serverList: readonly string[] | null | undefined,
  rules: HomeModuleRules,
): HomeModule[] {
  const base = serverList && serverList.length > 0 ? serverList : DEFAULT_HOME_MODULES;
  const modules = base.filter(isKnown).filter((name, index, all) => {
    if (all.indexOf(name) !== index) return false;
    if (name === 'orders') return rules.hasTreatmentHistory;
    if (name === 'appointments') return rules.hasAppointments;
    if (name === 'weightTracker') return rules.weightTrackerAllowed;
    return name !== 'referrals';
  });
  if (rules.referralEligible) {
    modules.splice(Math.max(0, modules.length - 1), 0, 'referrals');
  }
  return modules;
}
