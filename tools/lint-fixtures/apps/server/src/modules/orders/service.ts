import { services } from '../../services'; // expect: import-x/no-restricted-paths
import { app } from '../../app'; // expect: import-x/no-restricted-paths
import { orderItemStore } from './order-item-store';
import { ordersStore } from './store';

export const ordersService = { stores: [ordersStore, orderItemStore], services, app };
