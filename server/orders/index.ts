/** The orders as the shop's staff read them: the list (filters and limit in the query) and one order in full. */
export {
  findOrderDetail,
  listOrders,
  ON_HOLD,
  orderStatusFilters,
  type Hold,
  type OrderDetail,
  type OrderSummary,
} from '../commerce/order-queries.ts';
export { incrementIdFor } from '../commerce/order-store.ts';
