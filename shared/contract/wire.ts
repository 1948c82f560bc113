// What every endpoint shares: the path prefix, header names and the bare confirmation answer.

import { Type, type Static } from './schema-kit';

/** Confirmation answer of PATCH/DELETE/PUT endpoints that return no resource. */
export const ConfirmationSchema = Type.Object({ ok: Type.Literal(true) }, { $id: 'Confirmation' });
export type Confirmation = Static<typeof ConfirmationSchema>;
