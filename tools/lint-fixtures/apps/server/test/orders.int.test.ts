import { ordersStore } from '../src/modules/orders/store'; // expect: import-x/no-restricted-paths
import { ordersService } from '../src/modules/orders/service';

export const checked = [ordersStore, ordersService];
