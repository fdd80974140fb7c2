/**
 * Order calls (spec §7 Orders), fills and averages (spec §7 Fills and averages): one module that registers the
 * route groups, each in its own file.
 */
import type { RouteModule } from '../context';
import { registerFillRoutes } from './fills';
import { registerOrderChangeRoutes } from './orderChanges';
import { registerCreateRoute } from './orderCreate';
import { registerOrderQueryRoutes } from './orderQueries';

export { CREATE_BURST } from './orderCreate';
export { FILL_WINDOW_DAYS } from './fills';
export { toProductOrder } from './productOrder';

/** Registers the order, fill and average calls. */
export const registerOrderRoutes: RouteModule = (router, ctx) => {
  registerCreateRoute(router, ctx);
  registerOrderChangeRoutes(router, ctx);
  registerOrderQueryRoutes(router, ctx);
  registerFillRoutes(router, ctx);
};
