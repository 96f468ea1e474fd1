import { render } from '../../test/render';
import { betaValue } from '../beta/beta-hook'; // expect: import-x/no-restricted-paths
import { screen } from './alpha-screen';

export const rendered = [render(String(screen.length)), betaValue];
