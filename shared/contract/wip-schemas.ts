// (wip from the emulator helper, until the contract's own registry lands) Every schema with an
// `$id` that shared/contract exports, keyed by `$id`.
import * as contract from './index';
import * as answers from './wip-emulator-answers';

function registry(): Record<string, object> {
  const out: Record<string, object> = {};
  for (const value of [...Object.values(contract), ...Object.values(answers)]) {
    if (typeof value === 'object' && value !== null && typeof (value as { $id?: unknown }).$id === 'string') {
      out[(value as { $id: string }).$id] = value;
    }
  }
  return out;
}

export const CONTRACT_SCHEMAS: Readonly<Record<string, object>> = registry();
export * from './wip-emulator-answers';
