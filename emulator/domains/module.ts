// The channel domains module: env values, budget, warm workspace and artifact addresses.
import type { EmulatorModule } from '../types';
import { artifactAddressRoute } from './artifact-address';
import { loadArtifacts } from './artifacts-store';
import { budgetRoutes, loadBudgets } from './budget';
import { envRoutes, loadEnv } from './env';
import { DOMAINS_SCHEMA } from './schema';
import { loadWarm, warmRoutes } from './warm';

export const domainsModule: EmulatorModule = {
  name: 'domains',
  schema: DOMAINS_SCHEMA,
  routes: [...envRoutes, ...budgetRoutes, ...warmRoutes, artifactAddressRoute],
  loadFixture(svc, fixture) {
    loadArtifacts(svc, fixture.artifacts);
    loadEnv(svc, fixture.env);
    loadBudgets(svc, fixture.budgets);
    loadWarm(svc, fixture.warm_workspaces);
  },
};
