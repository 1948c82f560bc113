// (wip from the emulator helper) The contract's registry plus the answers in
// wip-emulator-answers.ts, until those are folded into the resource files.
import * as answers from './wip-emulator-answers';
import { CONTRACT_SCHEMAS as REGISTERED } from './schemas';

export const CONTRACT_SCHEMAS: Readonly<Record<string, object>> = {
  ...REGISTERED,
  ...Object.fromEntries(Object.values(answers).flatMap((s) => (typeof s === 'object' && s !== null && '$id' in s ? [[(s as { $id: string }).$id, s]] : []))),
};
export * from './wip-emulator-answers';
