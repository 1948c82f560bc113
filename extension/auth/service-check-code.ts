// What the service check runs (the contract's tolerant schemas and TypeBox behind it): imported by
// extension/auth/index.ts at the first check, after a sign-in, not when the extension loads.
import { checkServiceCompatibility } from '../../shared/index';
import { describeServiceCheck } from './service-check';

export { checkServiceCompatibility, describeServiceCheck };
