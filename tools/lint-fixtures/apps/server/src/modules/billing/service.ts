import { ordersStore } from '../orders/store'; // expect: import-x/no-restricted-paths
import { orderItemStore } from '../orders/order-item-store'; // expect: import-x/no-restricted-paths
import { ordersService } from '../orders/service';

export const billingService = { ordersStore, orderItemStore, ordersService };
