import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { apiRoutes } from './routes';

describe('apiRoutes (the zod-free route table)', () => {
  it('has exactly the keys of endpoints, in the same order', () => {
    expect(Object.keys(apiRoutes)).toEqual(Object.keys(endpoints));
  });

  it('matches endpoints key for key on method, path and auth', () => {
    for (const [key, def] of Object.entries(endpoints)) {
      const route = apiRoutes[key as keyof typeof apiRoutes];
      expect({ key, ...route }).toEqual({ key, method: def.method, path: def.path, auth: def.auth });
    }
  });

  it('carries nothing but method, path and auth (no schemas)', () => {
    for (const route of Object.values(apiRoutes)) {
      expect(Object.keys(route).sort()).toEqual(['auth', 'method', 'path']);
    }
  });
});
