import { ROUTES, routeUrl, type RouteInfo } from '@pasteport/contract/plain';
import { describe, expect, it } from 'vitest';
import { inferContext } from './context';

describe("the endpoint table's error contexts", () => {
  it('give for every route what the URL-based guess gives today', () => {
    for (const [name, route] of Object.entries(ROUTES) as [string, RouteInfo][]) {
      const params: Record<string, string> = {};
      for (const param of route.path.match(/:\w+/g) ?? []) params[param.slice(1)] = 'abc123';
      const path = routeUrl(route, params).replace(/^\/api\//, '');
      expect(route.context, name).toBe(inferContext(route.method, path));
    }
  });
});
