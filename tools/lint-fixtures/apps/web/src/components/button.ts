import { betaValue } from '../features/beta/beta-hook'; // expect: import-x/no-restricted-paths
import { route } from '../app/router'; // expect: import-x/no-restricted-paths
import { format } from '../lib/format';

export const button = [betaValue, route, format('b')].join();
