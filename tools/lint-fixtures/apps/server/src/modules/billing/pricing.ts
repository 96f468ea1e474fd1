import { builder } from '../../graphql/builder'; // expect: import-x/no-restricted-paths

export const pricing = { builder };
