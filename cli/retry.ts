// Whether a follow loop should keep trying after an error: one rule for every face (shared/http).
export { isFinalError } from '../shared/index';
