import { z } from 'zod';
import { betaValue } from '../beta/beta-hook'; // expect: import-x/no-restricted-paths
import { route } from '../../app/router'; // expect: import-x/no-restricted-paths
import { render } from '../../test/render'; // expect: import-x/no-restricted-paths
import { button } from '../../components/button';
import { format } from '../../lib/format';
import { document } from '../../gql/graphql';
import { alphaTitle } from './alpha-title';

export const screen = [betaValue, route, render('a'), button, format('a'), document, alphaTitle];
export const schema = z.string();
